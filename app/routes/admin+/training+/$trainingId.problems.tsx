import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmRowButton, ConfirmStep } from "~/components/ui/ListControls";
import { buttonClass, Notice, primaryButtonClass, sized } from "~/components/admin-problem/ui";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { flash } from "~/http/flash.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { trainingPageRefusal } from "~/http/training-page.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";
import { addTrainingProblem, addTrainingProblemSchema, removeTrainingProblem, removeTrainingProblemSchema, trainingProblemRows } from "~/services/training/problems.server";
import { adminTrainingPageBase } from "~/http/training-page.server";

// A training's problems for its admins (spec section 2): add one from the public bank by its id or
// display id; remove with confirmation (a dialog with JavaScript, the server's step without).

export const handle = { i18n: ["training-admin", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tid, ts } = await adminTrainingPageBase(request, params);
  const training = ts.training;
  try {
    const [rows, t] = await Promise.all([trainingProblemRows(tid, null), getT(request, "training-admin")]);
    return json({
      tid,
      pageTitle: t("problems.title", { title: training.title }),
      rows: rows.map((r) => ({ pid: r.pid, problemId: r.problemId, title: r.title, ac: r.ac, total: r.total })),
    });
  } catch (err) {
    throw trainingPageRefusal(err);
  }
}

type Answer = { error: string | null; errors: Record<string, string>; confirmRemove?: { pid: number; problemId: string } };

export async function action({ request, params }: ActionFunctionArgs) {
  const { tid, ts } = await adminTrainingPageBase(request, params);
  const t = await getT(request, ["training", "common"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const refuse = (a: Partial<Answer>, status: number) => json<Answer>({ error: null, errors: {}, ...a }, { status });
  try {
    if (intent === "add") {
      const raw = String(form.get("pid") ?? "").trim();
      const v = validate(t, addTrainingProblemSchema, { tid, pid: /^\d{1,15}$/.test(raw) ? Number(raw) : raw });
      if (!v.ok) return refuse({ errors: v.errors }, 400);
      await addTrainingProblem(ts, v.data, "public");
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
  return siteRedirect(`/admin/training/${tid}/problems`, { headers: { "Set-Cookie": cookie } });
}

export default function AdminTrainingProblems() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("training-admin");
  return (
    <div className="mx-auto max-w-6xl space-y-4 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{data.pageTitle}</h1>
        <Link to={`/admin/training/${data.tid}/edit`} className={`${buttonClass} text-gray-800`}>
          {t("list.edit")}
        </Link>
        <Link to="/admin/training" className={`${buttonClass} text-gray-800`}>
          {t("list.title")}
        </Link>
      </div>
      {answer?.error ? <Notice kind="error">{answer.error}</Notice> : null}
      {answer?.confirmRemove ? (
        <ConfirmStep question={t("problems.confirmRemove", { id: answer.confirmRemove.problemId })} fields={{ pid: answer.confirmRemove.pid }} intent="remove" label={t("problems.remove")} cancel={t("list.cancel")} cancelTo={`/admin/training/${data.tid}/problems`} />
      ) : null}
      <section className="rounded border border-gray-200 bg-white p-4">
        <h2 className="mb-2 font-semibold">{t("problems.add")}</h2>
        <Form method="post" className="flex flex-wrap items-start gap-3" data-testid="add-training-problem">
          <input type="hidden" name="intent" value="add" />
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
      </section>
      <div className="overflow-x-auto rounded border border-gray-200 bg-white focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
        <table className="w-full text-left text-sm" data-testid="admin-training-problems">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th className="px-2 py-2">{t("problems.problemId")}</th>
              <th className="px-2 py-2">{t("problems.problemTitle")}</th>
              <th className="px-2 py-2">AC / Total</th>
              <th className="px-2 py-2">{t("list.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-2 py-6 text-center text-gray-700">
                  {t("problems.empty")}
                </td>
              </tr>
            ) : null}
            {data.rows.map((p) => (
              <tr key={p.pid} className="border-t border-gray-100" data-testid="admin-training-problem" data-problem-id={p.problemId}>
                <td className="px-2 py-2">{p.problemId}</td>
                <td className="px-2 py-2">{p.title}</td>
                <td className="px-2 py-2">
                  {p.ac} / {p.total}
                </td>
                <td className="px-2 py-2">
                  <ConfirmRowButton fields={{ pid: p.pid }} intent="remove" question={t("problems.confirmRemove", { id: p.problemId })} label={t("problems.remove")} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
