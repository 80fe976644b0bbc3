import { json } from "@remix-run/node";
import type { TrainingDraft } from "~/components/training/TrainingForm";
import type { CurrentUser } from "~/services/account/session.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";
import { createTraining, trainingInputSchema, updateTraining } from "~/services/training/trainings.server";
import type { TrainingDoc } from "~/models/training.server";
import { flash } from "./flash.server";
import { siteRedirect } from "./paths.server";
import { httpStatusOf } from "./status.server";

// The training form's edge: the draft a page starts from, and the action shared by create and
// edit (validated by the service's schema; an error shows the form again and stores nothing).

export function draftOf(t: TrainingDoc | null): TrainingDraft {
  if (!t) return { title: "", rank: "1000", description: "", auth: "Public", privatePwd: "", categoryId: "", status: true };
  return {
    title: t.title,
    rank: String(t.rank),
    description: t.description,
    auth: t.auth,
    privatePwd: t.privatePwd,
    categoryId: t.categoryId ? String(t.categoryId) : "",
    status: t.status,
  };
}

export interface TrainingFormAnswer {
  draft: TrainingDraft;
  errors: Record<string, string>;
}

export async function trainingFormAction(request: Request, user: CurrentUser, tid: number | null): Promise<Response> {
  const t = await getT(request, ["training", "common"]);
  const form = await request.formData();
  const fields = {
    title: String(form.get("title") ?? ""),
    rank: String(form.get("rank") ?? ""),
    description: String(form.get("description") ?? ""),
    auth: String(form.get("auth") ?? ""),
    privatePwd: String(form.get("privatePwd") ?? ""),
    categoryId: String(form.get("categoryId") ?? ""),
    status: form.getAll("status").includes("true"),
  };
  const draft: TrainingDraft = fields;
  const v = validate(t, trainingInputSchema, fields);
  if (!v.ok) return json<TrainingFormAnswer>({ draft, errors: v.errors }, { status: 400 });
  try {
    if (tid === null) await createTraining(user, v.data);
    else await updateTraining(user, tid, v.data);
  } catch (err) {
    if (err instanceof DomainError) return json<TrainingFormAnswer>({ draft, errors: { _form: t(err.message, err.params ?? {}) } }, { status: httpStatusOf(err.kind) });
    throw err;
  }
  const cookie = await flash(request, { type: "success", key: "training-admin:flash.saved" });
  return siteRedirect("/admin/training", { headers: { "Set-Cookie": cookie } });
}
