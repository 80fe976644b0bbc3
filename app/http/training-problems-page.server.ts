import { json } from "@remix-run/node";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";
import { addTrainingProblem, addTrainingProblemSchema, removeTrainingProblem, removeTrainingProblemSchema, trainingProblemRows } from "~/services/training/problems.server";
import type { TrainingScope } from "~/services/training/scope.server";
import { flash } from "./flash.server";
import { siteRedirect } from "./paths.server";
import { httpStatusOf } from "./status.server";

// A training's problem manager, the site's (/admin/training/{tid}/problems) and a group's
// (/group/{gid}/training/{tid}/manage-problems): the rows, and the action that adds a problem by
// its id or display id (a group's also from the group's own problems) and removes one after a
// confirmation (a dialog with JavaScript, the server's step without). The page resolves the
// training for its admins first; the services check every write against it.

export type TrainingProblemsAnswer = { error: string | null; errors: Record<string, string>; confirmRemove?: { pid: number; problemId: string } };

export async function trainingProblemManagerRows(tid: number) {
  const rows = await trainingProblemRows(tid, null);
  return rows.map((r) => ({ pid: r.pid, problemId: r.problemId, title: r.title, ac: r.ac, total: r.total }));
}

export async function trainingProblemsAction(request: Request, ts: TrainingScope, o: { back: string; fromGroup: boolean }) {
  const tid = ts.training._id;
  const t = await getT(request, ["training", "group", "common"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const refuse = (a: Partial<TrainingProblemsAnswer>, status: number) => json<TrainingProblemsAnswer>({ error: null, errors: {}, ...a }, { status });
  try {
    if (intent === "add") {
      const raw = String(form.get("pid") ?? "").trim();
      const v = validate(t, addTrainingProblemSchema, { tid, pid: /^\d{1,15}$/.test(raw) ? Number(raw) : raw });
      if (!v.ok) return refuse({ errors: v.errors }, 400);
      await addTrainingProblem(ts, v.data, o.fromGroup && form.get("from") === "group" ? "group" : "public");
    } else if (intent === "remove") {
      const v = validate(t, removeTrainingProblemSchema, { tid, pid: form.get("pid") });
      if (!v.ok) return refuse({ errors: v.errors }, 400);
      if (form.get("confirmed") !== "1") {
        const found = (await trainingProblemRows(tid, null)).find((p) => p.pid === v.data.pid);
        if (!found) throw new DomainError("notFound", "training:problemNotFound");
        return json<TrainingProblemsAnswer>({ error: null, errors: {}, confirmRemove: { pid: found.pid, problemId: found.problemId } });
      }
      await removeTrainingProblem(ts, v.data);
    } else {
      return refuse({ error: t("common:errors.badRequest") }, 400);
    }
  } catch (err) {
    if (err instanceof DomainError) return refuse({ error: t(err.message, err.params ?? {}) }, httpStatusOf(err.kind));
    throw err;
  }
  const cookie = await flash(request, { type: "success", key: "training-admin:flash.saved" });
  return siteRedirect(o.back, { headers: { "Set-Cookie": cookie } });
}
