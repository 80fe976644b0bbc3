import { json } from "@remix-run/node";
import type { TrainingDraft } from "~/components/training/TrainingForm";
import type { CurrentUser } from "~/services/account/session.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";
import { categoryInputSchema } from "~/services/training/categories.server";
import type { TrainingPlace, TrainingScope } from "~/services/training/scope.server";
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

/**
 * Creates a training in a place (the site, a group) or edits a resolved one; `done`: the page to
 * return to; `newCategory`: a group's form may name a new category of the group instead of choosing one.
 */
export async function trainingFormAction(
  request: Request,
  user: CurrentUser,
  target: { create: TrainingPlace } | { edit: TrainingScope },
  done: string,
  newCategoryOf?: (name: string, color: string) => Promise<number>,
): Promise<Response> {
  const group = newCategoryOf ? { newCategory: newCategoryOf } : undefined;
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
  // A group's form may name a new category instead of choosing one (HOJ creates it in the group).
  const newName = group?.newCategory && !fields.categoryId ? String(form.get("newCategoryName") ?? "").trim() : "";
  const newColor = String(form.get("newCategoryColor") ?? "#2d8cf0").trim();
  const newCategory = newName ? validate(t, categoryInputSchema, { name: newName, color: newColor }) : null;
  if (newCategory && !newCategory.ok) return json<TrainingFormAnswer>({ draft, errors: { categoryId: Object.values(newCategory.errors)[0] ?? "" } }, { status: 400 });
  const v = validate(t, trainingInputSchema, newName ? { ...fields, categoryId: "1" } : fields);
  if (!v.ok) return json<TrainingFormAnswer>({ draft, errors: v.errors }, { status: 400 });
  try {
    if (newCategory?.ok && group?.newCategory) v.data.categoryId = await group.newCategory(newCategory.data.name, newCategory.data.color);
    if ("create" in target) await createTraining(user, v.data, target.create);
    else await updateTraining(target.edit, v.data);
  } catch (err) {
    if (err instanceof DomainError) return json<TrainingFormAnswer>({ draft, errors: { _form: t(err.message, err.params ?? {}) } }, { status: httpStatusOf(err.kind) });
    throw err;
  }
  const cookie = await flash(request, { type: "success", key: "create" in target ? "training-admin:flash.created" : "training-admin:flash.saved" });
  return siteRedirect(done, { headers: { "Set-Cookie": cookie } });
}
