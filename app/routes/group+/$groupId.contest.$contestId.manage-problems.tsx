import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmRowButton, ConfirmStep } from "~/components/ui/ListControls";
import { buttonClass, Notice, sized } from "~/components/admin-problem/ui";
import { contestPrimaryButton } from "~/components/contest/styles";
import { flash } from "~/http/flash.server";
import { groupContestAdminBase } from "~/http/group-content-page.server";
import { groupPageRefusal } from "~/http/group-page.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { useTranslation } from "~/lib/translation";
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
import { addContestProblemFromGroup } from "~/services/group/content.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";

// A group contest's problems for its admins: add one from the public bank (by its number) or from
// the group's own problems (by display id), with display id, display title and balloon colour;
// change those; remove with confirmation. The services check each write against the contest's group.

export const handle = { i18n: ["group", "contest-admin", "admin-problem"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { gid, cid, cs } = await groupContestAdminBase(request, params);
  const contest = cs.contest;
  try {
    const list = await contestProblems(cid);
    return json({ gid, cid, title: contest.title, rows: list.map((p) => ({ id: p._id, pid: p.pid, displayId: p.displayId, displayTitle: p.displayTitle, color: p.color })) });
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
}

type Answer = { error: string | null; errors: Record<string, string>; intent: string; confirmRemove?: { pid: number; displayId: string } };

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, gid, admin, cid, cs } = await groupContestAdminBase(request, params);
  const t = await getT(request, ["contest", "group", "common"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  const refuse = (a: Partial<Answer>, status: number) => json<Answer>({ error: null, errors: {}, intent, ...a }, { status });
  const scope = admin.manage;
  try {
    if (intent === "add" && fields.from === "group") {
      const v = validate(t, addContestProblemSchema.omit({ pid: true }), { ...fields, cid });
      if (!v.ok) return refuse({ errors: v.errors }, 400);
      if (!fields.pid?.trim()) return refuse({ errors: { pid: t("contest:problemIdRequired") } }, 400);
      await addContestProblemFromGroup(user, { ...v.data, problemId: fields.pid.trim() }, scope);
    } else if (intent === "add") {
      const v = validate(t, addContestProblemSchema, { ...fields, cid });
      if (!v.ok) return refuse({ errors: v.errors }, 400);
      await addContestProblem(cs, v.data, "public");
    } else if (intent === "update") {
      const v = validate(t, updateContestProblemSchema, fields);
      if (!v.ok) return refuse({ errors: v.errors }, 400);
      if (!(await contestProblems(cid)).some((p) => p._id === v.data.id)) throw new DomainError("notFound", "contest:problemNotFound");
      await updateContestProblem(user, v.data, scope);
    } else if (intent === "remove") {
      const v = validate(t, removeContestProblemSchema, { cid, pid: fields.pid });
      if (!v.ok) return refuse({ errors: v.errors }, 400);
      if (fields.confirmed !== "1") {
        const found = (await contestProblems(cid)).find((p) => p.pid === v.data.pid);
        if (!found) throw new DomainError("notFound", "contest:problemNotFound");
        return json<Answer>({ error: null, errors: {}, intent, confirmRemove: { pid: found.pid, displayId: found.displayId } });
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
  return siteRedirect(`/group/${gid}/contest/${cid}/manage-problems`, { headers: { "Set-Cookie": cookie } });
}

export default function GroupContestProblems() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("contest-admin");
  const { t: tg } = useTranslation("group");
  const base = `/group/${data.gid}/contest/${data.cid}`;
  const addErr = answer?.intent === "add" ? answer.errors : {};
  return (
    <section className="space-y-3 rounded bg-white p-3 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">{t("problems.title", { title: data.title })}</h2>
        <Link to={`${base}/edit`} className={`${buttonClass} text-gray-800`}>
          {t("list.edit")}
        </Link>
        <Link to={`/group/${data.gid}/contest`} className={`${buttonClass} text-gray-800`}>
          {tg("content.contests")}
        </Link>
      </div>
      {answer?.error ? <Notice kind="error">{answer.error}</Notice> : null}
      {answer?.intent === "update" && Object.keys(answer.errors).length ? <Notice kind="error">{String(Object.values(answer.errors)[0] ?? "")}</Notice> : null}
      {answer?.confirmRemove ? (
        <ConfirmStep question={t("problems.confirmRemove", { id: answer.confirmRemove.displayId })} fields={{ pid: answer.confirmRemove.pid }} intent="remove" label={t("problems.remove")} cancel={t("list.cancel")} cancelTo={`${base}/manage-problems`} />
      ) : null}
      <Form method="post" className="flex flex-wrap items-start gap-3 rounded border border-gray-200 p-3" data-testid="add-group-contest-problem">
        <input type="hidden" name="intent" value="add" />
        <label className="flex flex-col text-sm text-gray-800">
          {tg("content.from")}
          <select name="from" className={`mt-1 ${sized("w-48")}`} defaultValue="public">
            <option value="public">{tg("content.fromPublic")}</option>
            <option value="group">{tg("content.fromGroup")}</option>
          </select>
        </label>
        {(
          [
            ["pid", "content.problemRef", "w-32"],
            ["displayId", "problems.displayId", "w-24"],
            ["displayTitle", "problems.displayTitle", "w-56"],
            ["color", "problems.color", "w-28"],
          ] as const
        ).map(([name, label, w]) => (
          <label key={name} className="flex flex-col text-sm text-gray-800">
            {name === "pid" ? tg(label) : t(label)}
            <input name={name} className={`mt-1 ${sized(w)}`} aria-invalid={addErr[name] ? true : undefined} placeholder={name === "color" ? "#2d8cf0" : undefined} />
            {addErr[name] ? (
              <span role="alert" className="mt-1 text-xs text-red-700">
                {addErr[name]}
              </span>
            ) : null}
          </label>
        ))}
        <button type="submit" className={`${contestPrimaryButton} mt-5`}>
          {t("problems.addButton")}
        </button>
      </Form>
      <p className="text-sm text-gray-700">
        {t("problems.createHint")}{" "}
        <Link to={`${base}/create-problem`} className="text-blue-700 underline" data-testid="create-contest-problem">
          {t("problems.createLink")}
        </Link>
      </p>
      <ul className="divide-y rounded border border-gray-200" data-testid="group-contest-problems">
        {data.rows.length === 0 ? <li className="px-3 py-4 text-center text-gray-700">{t("problems.empty")}</li> : null}
        {data.rows.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm" data-testid="group-contest-problem" data-display-id={p.displayId}>
            <Form method="post" className="flex flex-1 flex-wrap items-center gap-2">
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="id" value={p.id} />
              <input name="displayId" defaultValue={p.displayId} aria-label={t("problems.displayIdOf", { id: p.displayId })} className={sized("w-20")} />
              <input name="displayTitle" defaultValue={p.displayTitle} aria-label={t("problems.displayTitleOf", { id: p.displayId })} className={sized("w-56")} />
              <input name="color" defaultValue={p.color} aria-label={t("problems.colorOf", { id: p.displayId })} className={sized("w-24")} />
              <button type="submit" className={`${buttonClass} text-gray-800`}>
                {t("problems.save")}
              </button>
            </Form>
            <ConfirmRowButton fields={{ pid: p.pid }} intent="remove" question={t("problems.confirmRemove", { id: p.displayId })} label={t("problems.remove")} />
          </li>
        ))}
      </ul>
    </section>
  );
}
