import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmRowButton, ConfirmStep } from "~/components/ui/ListControls";
import { buttonClass, Notice, primaryButtonClass, sized } from "~/components/admin-problem/ui";
import { flash } from "~/http/flash.server";
import { groupPageRefusal } from "~/http/group-page.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { useTranslation } from "~/lib/translation";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";
import { addTrainingProblem, addTrainingProblemSchema, removeTrainingProblem, removeTrainingProblemSchema, trainingProblemRows } from "~/services/training/problems.server";
import { groupTrainingAdminBase } from "~/http/group-content-page.server";

// A group training's problems for its admins: add one from the public bank or from the group's own
// problems, by id or display id; remove with confirmation (a dialog with JavaScript, the server's
// step without). The services check every write against the training's group.

export const handle = { i18n: ["group", "training-admin", "admin-problem"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { gid, tid, ts } = await groupTrainingAdminBase(request, params);
  const training = ts.training;
  try {
    const rows = await trainingProblemRows(tid, null);
    return json({ gid, tid, title: training.title, rows: rows.map((r) => ({ pid: r.pid, problemId: r.problemId, title: r.title, ac: r.ac, total: r.total })) });
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
}

type Answer = { error: string | null; errors: Record<string, string>; confirmRemove?: { pid: number; problemId: string } };

export async function action({ request, params }: ActionFunctionArgs) {
  const { gid, tid, ts } = await groupTrainingAdminBase(request, params);
  const t = await getT(request, ["training", "group", "common"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const refuse = (a: Partial<Answer>, status: number) => json<Answer>({ error: null, errors: {}, ...a }, { status });
  try {
    if (intent === "add") {
      const raw = String(form.get("pid") ?? "").trim();
      const v = validate(t, addTrainingProblemSchema, { tid, pid: /^\d{1,15}$/.test(raw) ? Number(raw) : raw });
      if (!v.ok) return refuse({ errors: v.errors }, 400);
      await addTrainingProblem(ts, v.data, form.get("from") === "group" ? "group" : "public");
    } else if (intent === "remove") {
      const v = validate(t, removeTrainingProblemSchema, { tid, pid: form.get("pid") });
      if (!v.ok) return refuse({ errors: v.errors }, 400);
      if (form.get("confirmed") !== "1") {
        const found = (await trainingProblemRows(tid, null)).find((p) => p.pid === v.data.pid);
        if (!found) throw new DomainError("notFound", "training:problemNotFound");
        return json<Answer>({ error: null, errors: {}, confirmRemove: { pid: found.pid, problemId: found.problemId } });
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
  return siteRedirect(`/group/${gid}/training/${tid}/manage-problems`, { headers: { "Set-Cookie": cookie } });
}

export default function GroupTrainingProblems() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("training-admin");
  const { t: tg } = useTranslation("group");
  const here = `/group/${data.gid}/training/${data.tid}/manage-problems`;
  return (
    <section className="space-y-3 rounded bg-white p-3 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">{t("problems.title", { title: data.title })}</h2>
        <Link to={`/group/${data.gid}/training/${data.tid}/edit`} className={`${buttonClass} text-gray-800`}>
          {t("list.edit")}
        </Link>
        <Link to={`/group/${data.gid}/training`} className={`${buttonClass} text-gray-800`}>
          {tg("content.trainings")}
        </Link>
      </div>
      {answer?.error ? <Notice kind="error">{answer.error}</Notice> : null}
      {answer?.confirmRemove ? (
        <ConfirmStep question={t("problems.confirmRemove", { id: answer.confirmRemove.problemId })} fields={{ pid: answer.confirmRemove.pid }} intent="remove" label={t("problems.remove")} cancel={t("list.cancel")} cancelTo={here} />
      ) : null}
      <Form method="post" className="flex flex-wrap items-start gap-3 rounded border border-gray-200 p-3" data-testid="add-group-training-problem">
        <input type="hidden" name="intent" value="add" />
        <label className="flex flex-col text-sm text-gray-800">
          {tg("content.from")}
          <select name="from" className={`mt-1 ${sized("w-48")}`} defaultValue="public">
            <option value="public">{tg("content.fromPublic")}</option>
            <option value="group">{tg("content.fromGroup")}</option>
          </select>
        </label>
        <label className="flex flex-col text-sm text-gray-800">
          {t("problems.pid")}
          <input name="pid" className={`mt-1 ${sized("w-40")}`} aria-invalid={answer?.errors?.pid ? true : undefined} placeholder="P1001" />
          {answer?.errors?.pid ? (
            <span role="alert" className="mt-1 text-xs text-red-700">
              {answer.errors.pid}
            </span>
          ) : null}
        </label>
        <button type="submit" className={`${primaryButtonClass} mt-5`}>
          {t("problems.addButton")}
        </button>
      </Form>
      <ul className="divide-y rounded border border-gray-200" data-testid="group-training-problems">
        {data.rows.length === 0 ? <li className="px-3 py-4 text-center text-gray-700">{t("problems.empty")}</li> : null}
        {data.rows.map((p) => (
          <li key={p.pid} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm" data-testid="group-training-problem" data-problem-id={p.problemId}>
            <span>
              <span className="font-medium">{p.problemId}</span> {p.title} <span className="text-gray-700">({p.ac} / {p.total})</span>
            </span>
            <ConfirmRowButton fields={{ pid: p.pid }} intent="remove" question={t("problems.confirmRemove", { id: p.problemId })} label={t("problems.remove")} />
          </li>
        ))}
      </ul>
    </section>
  );
}
