import type { ReactNode } from "react";
import { Form, Link } from "@remix-run/react";
import { buttonClass, Notice, sized } from "~/components/admin-problem/ui";
import { ConfirmRowButton, ConfirmStep } from "~/components/ui/ListControls";
import { useTranslation } from "~/lib/translation";
import { contestPrimaryButton } from "./styles";

// A contest's problem manager, the site's and a group's (app/http/contest-problems-page.server.ts):
// the title with its links, the add form (a group's asks where the problem comes from), the link to
// a problem made for this contest only, the confirmation step of a removal without JavaScript, and
// the table of the contest's problems with their display id, title and colour changed in place.

interface Row {
  id: number;
  pid: number;
  displayId: string;
  displayTitle: string;
  color: string;
  ac: number;
  total: number;
}

export function ContestProblemManager(p: {
  title: ReactNode;
  links: ReactNode;
  here: string;
  /** Where a problem made for this contest only is written. */
  createTo: string;
  rows: Row[];
  answer: { error: string | null; errors: Record<string, string>; intent: string; confirmRemove?: { pid: number; displayId: string } } | undefined;
  /** "admin-contest" or "group-contest": the form is `add-<name>-problem` ("add-contest-problem" for the site's), the table `<name>-problems`, a row `<name>-problem`. */
  name: string;
  /** The label of the problem field. */
  pidLabel: string;
  /** A group's: the choice of the public bank or the group's own problems. */
  from?: { label: string; public: string; group: string };
  wide: boolean;
}) {
  const { t } = useTranslation("contest-admin");
  const { answer } = p;
  const addErr = answer?.intent === "add" ? answer.errors : {};
  return (
    <div className={p.wide ? "mx-auto max-w-6xl space-y-4 p-4" : "space-y-3 rounded bg-white p-3 shadow-sm sm:p-5"}>
      <div className="flex flex-wrap items-center gap-3">
        {p.title}
        {p.links}
      </div>
      {answer?.error ? <Notice kind="error">{answer.error}</Notice> : null}
      {answer?.intent === "update" && Object.keys(answer.errors).length ? <Notice kind="error">{String(Object.values(answer.errors)[0] ?? "")}</Notice> : null}
      {answer?.confirmRemove ? (
        <ConfirmStep question={t("problems.confirmRemove", { id: answer.confirmRemove.displayId })} fields={{ pid: answer.confirmRemove.pid }} intent="remove" label={t("problems.remove")} cancel={t("list.cancel")} cancelTo={p.here} />
      ) : null}

      <section className="rounded border border-gray-200 bg-white p-4">
        <h2 className="mb-2 font-semibold">{t("problems.add")}</h2>
        <Form method="post" className="flex flex-wrap items-start gap-3" data-testid={p.name === "admin-contest" ? "add-contest-problem" : `add-${p.name}-problem`}>
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
          {(
            [
              ["pid", p.pidLabel, "w-40"],
              ["displayId", t("problems.displayId"), "w-28"],
              ["displayTitle", t("problems.displayTitle"), "w-64"],
              ["color", t("problems.color"), "w-28"],
            ] as const
          ).map(([name, label, w]) => (
            <label key={name} className="flex flex-col text-sm text-gray-800">
              {label}
              <input name={name} className={`mt-1 ${sized(w)}`} aria-invalid={addErr[name] ? true : undefined} placeholder={name === "color" ? "#2d8cf0" : name === "pid" ? "P1001" : undefined} />
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
        <p className="mt-2 text-sm text-gray-700">
          {t("problems.createHint")}{" "}
          <Link to={p.createTo} className="text-blue-700 underline" data-testid="create-contest-problem">
            {t("problems.createLink")}
          </Link>
        </p>
      </section>

      <div className="overflow-x-auto rounded border border-gray-200 bg-white focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
        <table className="w-full text-left text-sm" data-testid={`${p.name}-problems`}>
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th className="px-2 py-2">{t("problems.pid")}</th>
              <th className="px-2 py-2">{t("problems.displayId")}</th>
              <th className="px-2 py-2">{t("problems.displayTitle")}</th>
              <th className="px-2 py-2">{t("problems.color")}</th>
              <th className="px-2 py-2">AC / Total</th>
              <th className="px-2 py-2">{t("list.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {p.rows.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-2 py-6 text-center text-gray-700">
                  {t("problems.empty")}
                </td>
              </tr>
            ) : null}
            {p.rows.map((r) => (
              <tr key={r.id} className="border-t border-gray-100" data-testid={`${p.name}-problem`} data-display-id={r.displayId}>
                <td className="px-2 py-2">{r.pid}</td>
                <td className="px-2 py-2" colSpan={3}>
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="intent" value="update" />
                    <input type="hidden" name="id" value={r.id} />
                    <input name="displayId" defaultValue={r.displayId} aria-label={t("problems.displayIdOf", { id: r.displayId })} className={sized("w-20")} />
                    <input name="displayTitle" defaultValue={r.displayTitle} aria-label={t("problems.displayTitleOf", { id: r.displayId })} className={sized("w-64")} />
                    <span aria-hidden="true" className="inline-block h-4 w-4 rounded-full border" style={{ backgroundColor: r.color || "transparent" }} />
                    <input name="color" defaultValue={r.color} aria-label={t("problems.colorOf", { id: r.displayId })} className={sized("w-24")} />
                    <button type="submit" className={`${buttonClass} text-gray-800`}>
                      {t("problems.save")}
                    </button>
                  </Form>
                </td>
                <td className="px-2 py-2">
                  {r.ac} / {r.total}
                </td>
                <td className="px-2 py-2">
                  <ConfirmRowButton fields={{ pid: r.pid }} intent="remove" question={t("problems.confirmRemove", { id: r.displayId })} label={t("problems.remove")} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
