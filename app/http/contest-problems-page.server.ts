import { json } from "@remix-run/node";
import type { ContestPlace, ContestScope } from "~/services/contest/scope.server";
import {
  addContestProblem,
  addContestProblemSchema,
  contestProblems,
  removeContestProblem,
  removeContestProblemSchema,
  updateContestProblem,
  updateContestProblemSchema,
} from "~/services/contest/problems.server";
import { DomainError } from "~/services/errors.server";
import { addContestProblemFromGroup, type GroupContentAdmin } from "~/services/group/content.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";
import type { CurrentUser } from "~/services/account/session.server";
import { flash } from "./flash.server";
import { siteRedirect } from "./paths.server";
import { httpStatusOf } from "./status.server";

// A contest's problem manager, the site's (/admin/contest/{cid}/problems) and a group's
// (/group/{gid}/contest/{cid}/manage-problems): the rows, and the action that adds a problem (from
// the bank by its number or display id; a group's also from the group's own problems by display
// id) with its display id, title and balloon colour, changes those, and removes one after a
// confirmation (a dialog with JavaScript, the server's step without). The page resolves the contest
// for its admins first; the services check every write against it.

export type ContestProblemsAnswer = { error: string | null; errors: Record<string, string>; intent: string; confirmRemove?: { pid: number; displayId: string } };

export async function contestProblemManagerRows(cid: number) {
  const list = await contestProblems(cid);
  return list.map((p) => ({ id: p._id, pid: p.pid, displayId: p.displayId, displayTitle: p.displayTitle, color: p.color, ac: p.ac, total: p.total }));
}

export async function contestProblemsAction(
  request: Request,
  user: CurrentUser,
  cs: ContestScope,
  o: { back: string; place: ContestPlace; group?: GroupContentAdmin["manage"] },
) {
  const cid = cs.contest._id;
  const t = await getT(request, ["contest", "group", "common"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  const refuse = (a: Partial<ContestProblemsAnswer>, status: number) => json<ContestProblemsAnswer>({ error: null, errors: {}, intent, ...a }, { status });
  try {
    if (intent === "add" && o.group && fields.from === "group") {
      const v = validate(t, addContestProblemSchema.omit({ pid: true }), { ...fields, cid });
      if (!v.ok) return refuse({ errors: v.errors }, 400);
      if (!fields.pid?.trim()) return refuse({ errors: { pid: t("contest:problemIdRequired") } }, 400);
      await addContestProblemFromGroup(user, { ...v.data, problemId: fields.pid.trim() }, o.group);
    } else if (intent === "add") {
      const v = validate(t, addContestProblemSchema, { ...fields, cid });
      if (!v.ok) return refuse({ errors: v.errors }, 400);
      await addContestProblem(cs, v.data, "public");
    } else if (intent === "update") {
      const v = validate(t, updateContestProblemSchema, fields);
      if (!v.ok) return refuse({ errors: v.errors }, 400);
      if (!(await contestProblems(cid)).some((p) => p._id === v.data.id)) throw new DomainError("notFound", "contest:problemNotFound");
      await updateContestProblem(user, v.data, o.place);
    } else if (intent === "remove") {
      const v = validate(t, removeContestProblemSchema, { cid, pid: fields.pid });
      if (!v.ok) return refuse({ errors: v.errors }, 400);
      if (fields.confirmed !== "1") {
        const found = (await contestProblems(cid)).find((p) => p.pid === v.data.pid);
        if (!found) throw new DomainError("notFound", "contest:problemNotFound");
        return json<ContestProblemsAnswer>({ error: null, errors: {}, intent, confirmRemove: { pid: found.pid, displayId: found.displayId } });
      }
      await removeContestProblem(cs, v.data);
    } else {
      return refuse({ error: t("common:errors.badRequest") }, 400);
    }
  } catch (err) {
    if (err instanceof DomainError) return refuse({ error: t(err.message, err.params ?? {}) }, httpStatusOf(err.kind));
    throw err;
  }
  const cookie = await flash(request, { type: "success", key: "contest-admin:flash.saved" });
  return siteRedirect(o.back, { headers: { "Set-Cookie": cookie } });
}
