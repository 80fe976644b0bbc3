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
import { localInputValue, parseLocalInput, readOffset } from "~/lib/contest-draft";
import { LATE_DEFAULTS } from "~/lib/homework";
import { flash } from "./flash.server";
import { siteRedirect } from "./paths.server";
import { httpStatusOf } from "./status.server";

// The training form's edge: the draft a page starts from, and the action shared by create and
// edit (validated by the service's schema; an error shows the form again and stores nothing). The
// homework times are read in the zone the form says it wrote them in (`tzOffset`: the admin's
// browser's, or the server's without JavaScript, as the form states), like the contest form's.

/** The server's zone, for a form whose browser did not say its own. */
const serverOffset = (at = new Date()) => at.getTimezoneOffset();

export function draftOf(t: TrainingDoc | null, offset = serverOffset()): TrainingDraft {
  const homework = {
    tzOffset: String(offset),
    dueAt: t?.dueAt ? localInputValue(t.dueAt, offset) : "",
    hardEndAt: t?.dueAt && t.hardEndAt ? localInputValue(t.hardEndAt, offset) : "",
    lateRule: t?.lateRule === "penalty" ? "penalty" : "none",
    latePenaltyPercent: String(t?.latePenaltyPercent ?? LATE_DEFAULTS.penaltyPercent),
    latePeriodHours: String(t?.latePeriodHours ?? LATE_DEFAULTS.periodHours),
    lateFloorPercent: String(t?.lateFloorPercent ?? LATE_DEFAULTS.floorPercent),
  };
  if (!t) return { title: "", rank: "1000", description: "", auth: "Public", privatePwd: "", categoryId: "", status: true, ...homework };
  return {
    title: t.title,
    rank: String(t.rank),
    description: t.description,
    auth: t.auth,
    privatePwd: t.privatePwd,
    categoryId: t.categoryId ? String(t.categoryId) : "",
    status: t.status,
    ...homework,
  };
}

/** The homework fields of a draft as the schema's input: a datetime-local value is a moment in the draft's zone. */
function homeworkInputOf(d: TrainingDraft): Record<string, unknown> {
  const offset = readOffset(d.tzOffset) ?? serverOffset();
  // A value that names no moment (2031-02-31) goes to the schema as one it refuses.
  const moment = (v: string) => (v ? (parseLocalInput(v, offset)?.toISOString() ?? "invalid") : null);
  return {
    dueAt: moment(d.dueAt),
    hardEndAt: moment(d.hardEndAt),
    lateRule: d.lateRule,
    latePenaltyPercent: d.latePenaltyPercent,
    latePeriodHours: d.latePeriodHours,
    lateFloorPercent: d.lateFloorPercent,
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
  const text = (key: string, max: number) => String(form.get(key) ?? "").slice(0, max);
  const draft: TrainingDraft = {
    ...fields,
    tzOffset: String(readOffset(text("tzOffset", 8)) ?? serverOffset()),
    dueAt: text("dueAt", 40),
    hardEndAt: text("hardEndAt", 40),
    lateRule: text("lateRule", 20) || "none",
    latePenaltyPercent: text("latePenaltyPercent", 12),
    latePeriodHours: text("latePeriodHours", 12),
    lateFloorPercent: text("lateFloorPercent", 12),
  };
  const input = { ...fields, ...homeworkInputOf(draft) };
  // A group's form may name a new category instead of choosing one (HOJ creates it in the group).
  const newName = group?.newCategory && !fields.categoryId ? String(form.get("newCategoryName") ?? "").trim() : "";
  const newColor = String(form.get("newCategoryColor") ?? "#2d8cf0").trim();
  const newCategory = newName ? validate(t, categoryInputSchema, { name: newName, color: newColor }) : null;
  if (newCategory && !newCategory.ok) return json<TrainingFormAnswer>({ draft, errors: { categoryId: Object.values(newCategory.errors)[0] ?? "" } }, { status: 400 });
  const v = validate(t, trainingInputSchema, newName ? { ...input, categoryId: "1" } : input);
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
