import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmRowButton, ConfirmStep } from "~/components/ui/ListControls";
import { buttonClass, Notice, sized } from "~/components/admin-problem/ui";
import { pageTitle } from "~/lib/meta";
import { contestPrimaryButton } from "~/components/contest/styles";
import { useTranslation } from "~/lib/translation";
import { adminContestPageBase, contestPageRefusal } from "~/http/contest-page.server";
import { flash } from "~/http/flash.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { SITE } from "~/services/contest/scope.server";
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
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";

// A contest's problems for its admins (spec section 2): add one from the bank by its id (a new one
// made only for the contest is created on /admin/contest/{id}/problems/create), with display id,
// balloon colour and display title; change those; remove with confirmation. Contest admins only;
// the services check each write.

export const handle = { i18n: ["contest-admin", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cid, cs } = await adminContestPageBase(request, params);
  const contest = cs.contest;
  try {
    const [list, t] = await Promise.all([contestProblems(cid), getT(request, "contest-admin")]);
    return json({
      cid,
      title: contest.title,
      pageTitle: t("problems.title", { title: contest.title }),
      rows: list.map((p) => ({ id: p._id, pid: p.pid, displayId: p.displayId, displayTitle: p.displayTitle, color: p.color, ac: p.ac, total: p.total })),
    });
  } catch (err) {
    throw contestPageRefusal(err);
  }
}

type Answer = { error: string | null; errors: Record<string, string>; intent: string; rowId?: number; confirmRemove?: { pid: number; displayId: string } };

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, cid, cs } = await adminContestPageBase(request, params);
  const t = await getT(request, ["contest", "common"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  const refuse = (a: Partial<Answer>, status: number) => json<Answer>({ error: null, errors: {}, intent, ...a }, { status });
  try {
    if (intent === "add") {
      const v = validate(t, addContestProblemSchema, { ...fields, cid });
      if (!v.ok) return refuse({ errors: v.errors }, 400);
      await addContestProblem(cs, v.data, "public");
    } else if (intent === "update") {
      const v = validate(t, updateContestProblemSchema, fields);
      if (!v.ok) return refuse({ errors: v.errors, rowId: Number(fields.id) || undefined }, 400);
      const current = (await contestProblems(cid)).find((p) => p._id === v.data.id);
      if (!current) throw new DomainError("notFound", "contest:problemNotFound");
      await updateContestProblem(user, v.data, SITE);
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
  return siteRedirect(`/admin/contest/${cid}/problems`, { headers: { "Set-Cookie": cookie } });
}

export default function AdminContestProblems() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("contest-admin");
  const addErr = answer?.intent === "add" ? answer.errors : {};
  return (
    <div className="mx-auto max-w-6xl space-y-4 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{data.pageTitle}</h1>
        <Link to={`/admin/contest/${data.cid}/edit`} className={`${buttonClass} text-gray-800`}>
          {t("list.edit")}
        </Link>
        <Link to="/admin/contest" className={`${buttonClass} text-gray-800`}>
          {t("list.title")}
        </Link>
      </div>
      {answer?.error ? <Notice kind="error">{answer.error}</Notice> : null}
      {answer?.intent === "update" && Object.keys(answer.errors).length ? <Notice kind="error">{String(Object.values(answer.errors)[0] ?? "")}</Notice> : null}
      {answer?.confirmRemove ? (
        <ConfirmStep question={t("problems.confirmRemove", { id: answer.confirmRemove.displayId })} fields={{ pid: answer.confirmRemove.pid }} intent="remove" label={t("problems.remove")} cancel={t("list.cancel")} cancelTo={`/admin/contest/${data.cid}/problems`} />
      ) : null}

      <section className="rounded border border-gray-200 bg-white p-4">
        <h2 className="mb-2 font-semibold">{t("problems.add")}</h2>
        <Form method="post" className="flex flex-wrap items-start gap-3" data-testid="add-contest-problem">
          <input type="hidden" name="intent" value="add" />
          {(
            [
              ["pid", "problems.pidOrId", "w-40"],
              ["displayId", "problems.displayId", "w-28"],
              ["displayTitle", "problems.displayTitle", "w-64"],
              ["color", "problems.color", "w-28"],
            ] as const
          ).map(([name, label, w]) => (
            <label key={name} className="flex flex-col text-sm text-gray-800">
              {t(label)}
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
          <Link to={`/admin/contest/${data.cid}/problems/create`} className="text-blue-700 underline" data-testid="create-contest-problem">
            {t("problems.createLink")}
          </Link>
        </p>
      </section>

      <div className="overflow-x-auto rounded border border-gray-200 bg-white focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
        <table className="w-full text-left text-sm" data-testid="admin-contest-problems">
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
            {data.rows.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-2 py-6 text-center text-gray-700">
                  {t("problems.empty")}
                </td>
              </tr>
            ) : null}
            {data.rows.map((p) => (
              <tr key={p.id} className="border-t border-gray-100" data-testid="admin-contest-problem" data-display-id={p.displayId}>
                <td className="px-2 py-2">{p.pid}</td>
                <td className="px-2 py-2" colSpan={3}>
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="intent" value="update" />
                    <input type="hidden" name="id" value={p.id} />
                    <input name="displayId" defaultValue={p.displayId} aria-label={t("problems.displayIdOf", { id: p.displayId })} className={sized("w-20")} />
                    <input name="displayTitle" defaultValue={p.displayTitle} aria-label={t("problems.displayTitleOf", { id: p.displayId })} className={sized("w-64")} />
                    <span aria-hidden="true" className="inline-block h-4 w-4 rounded-full border" style={{ backgroundColor: p.color || "transparent" }} />
                    <input name="color" defaultValue={p.color} aria-label={t("problems.colorOf", { id: p.displayId })} className={sized("w-24")} />
                    <button type="submit" className={`${buttonClass} text-gray-800`}>
                      {t("problems.save")}
                    </button>
                  </Form>
                </td>
                <td className="px-2 py-2">
                  {p.ac} / {p.total}
                </td>
                <td className="px-2 py-2">
                  <ConfirmRowButton fields={{ pid: p.pid }} intent="remove" question={t("problems.confirmRemove", { id: p.displayId })} label={t("problems.remove")} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
