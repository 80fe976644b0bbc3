import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { Notice, primaryButtonClass, sized } from "~/components/admin-problem/ui";
import { ConfirmRowButton, ConfirmStep } from "~/components/ui/ListControls";
import { useTranslation } from "~/lib/translation";

// A training's problem manager, the site's and a group's (app/http/training-problems-page.server.ts):
// the title with its links, the add form (a group's asks where the problem comes from), the
// confirmation step of a removal without JavaScript, and the table of the training's problems.

interface Row {
  pid: number;
  problemId: string;
  title: string;
  ac: number;
  total: number;
}

export function TrainingProblemManager(p: {
  title: ReactNode;
  links: ReactNode;
  here: string;
  rows: Row[];
  answer: { error: string | null; errors?: Record<string, string>; confirmRemove?: { pid: number; problemId: string } } | undefined;
  /** "admin-training" or "group-training": the form is `add-<name>-problem`, the table `<name>-problems`, a row `<name>-problem`. */
  name: string;
  /** A group's: the choice of the public bank or the group's own problems. */
  from?: { label: string; public: string; group: string };
  wide: boolean;
}) {
  const { t } = useTranslation("training-admin");
  const { answer } = p;
  return (
    <div className={p.wide ? "mx-auto max-w-6xl space-y-4 p-4" : "space-y-3 rounded bg-white p-3 shadow-sm sm:p-5"}>
      <div className="flex flex-wrap items-center gap-3">
        {p.title}
        {p.links}
      </div>
      {answer?.error ? <Notice kind="error">{answer.error}</Notice> : null}
      {answer?.confirmRemove ? (
        <ConfirmStep question={t("problems.confirmRemove", { id: answer.confirmRemove.problemId })} fields={{ pid: answer.confirmRemove.pid }} intent="remove" label={t("problems.remove")} cancel={t("list.cancel")} cancelTo={p.here} />
      ) : null}
      <section className="rounded border border-gray-200 bg-white p-4">
        <h2 className="mb-2 font-semibold">{t("problems.add")}</h2>
        <Form method="post" className="flex flex-wrap items-start gap-3" data-testid={p.name === "admin-training" ? "add-training-problem" : `add-${p.name}-problem`}>
          <input type="hidden" name="intent" value="add" />
          {p.from ? (
            <label className="flex flex-col text-sm text-gray-800">
              {p.from.label}
              <select name="from" className={`mt-1 ${sized("w-48")}`} defaultValue="public">
                <option value="public">{p.from.public}</option>
                <option value="group">{p.from.group}</option>
              </select>
            </label>
          ) : null}
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
        <table className="w-full text-left text-sm" data-testid={`${p.name}-problems`}>
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th className="px-2 py-2">{t("problems.problemId")}</th>
              <th className="px-2 py-2">{t("problems.problemTitle")}</th>
              <th className="px-2 py-2">AC / Total</th>
              <th className="px-2 py-2">{t("list.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {p.rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-2 py-6 text-center text-gray-700">
                  {t("problems.empty")}
                </td>
              </tr>
            ) : null}
            {p.rows.map((r) => (
              <tr key={r.pid} className="border-t border-gray-100" data-testid={`${p.name}-problem`} data-problem-id={r.problemId}>
                <td className="px-2 py-2">{r.problemId}</td>
                <td className="px-2 py-2">{r.title}</td>
                <td className="px-2 py-2">
                  {r.ac} / {r.total}
                </td>
                <td className="px-2 py-2">
                  <ConfirmRowButton fields={{ pid: r.pid }} intent="remove" question={t("problems.confirmRemove", { id: r.problemId })} label={t("problems.remove")} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
