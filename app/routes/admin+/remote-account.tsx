import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmSubmit, Notice, primaryButtonClass, sized } from "~/components/admin-problem/ui";
import { formatDateTime } from "~/lib/format-time";
import { pageTitle } from "~/lib/meta";
import { REMOTE_OJS } from "~/lib/problem";
import { useTranslation } from "~/lib/translation";
import { flash } from "~/http/flash.server";
import { requireSuperAdmin } from "~/http/guards.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";
import { addRemoteAccount, deleteRemoteAccount, listRemoteAccounts, remoteAccountSchema } from "~/services/remote/accounts.server";

// Remote judge accounts (super admins): per OJ, the accounts the remote workers submit with. The
// password is never shown again once saved.

export const handle = { i18n: ["remote", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  const [rows, t] = await Promise.all([listRemoteAccounts(), getT(request, "remote")]);
  return json({ pageTitle: t("accounts.title"), rows: rows.map((r) => ({ id: r.id, oj: r.oj, username: r.username, created: formatDateTime(r.gmtCreate) })) });
}

type Answer = { error: string | null; errors: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  await requireSuperAdmin(request);
  const t = await getT(request, ["remote", "common"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const refuse = (a: Partial<Answer>, status: number) => json<Answer>({ error: null, errors: {}, ...a }, { status });
  try {
    if (intent === "create") {
      const v = validate(t, remoteAccountSchema, { oj: String(form.get("oj") ?? ""), username: String(form.get("username") ?? ""), password: String(form.get("password") ?? "") });
      if (!v.ok) return refuse({ errors: v.errors }, 400);
      await addRemoteAccount(v.data);
    } else if (intent === "delete") {
      await deleteRemoteAccount(String(form.get("id") ?? ""));
    } else {
      return refuse({ error: t("common:errors.badRequest") }, 400);
    }
  } catch (err) {
    if (err instanceof DomainError) return refuse({ error: t(err.message, err.params ?? {}) }, httpStatusOf(err.kind));
    throw err;
  }
  const cookie = await flash(request, { type: "success", key: intent === "create" ? "remote:flash.added" : "remote:flash.deleted" });
  return siteRedirect("/admin/remote-account", { headers: { "Set-Cookie": cookie } });
}

function FieldError({ text }: { text?: string }) {
  return text ? (
    <span role="alert" className="mt-1 text-xs text-red-700">
      {text}
    </span>
  ) : null;
}

export default function AdminRemoteAccounts() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("remote");
  const errors = answer?.errors ?? {};
  return (
    <div className="mx-auto max-w-4xl space-y-4 p-4">
      <h1 className="text-xl font-semibold">{data.pageTitle}</h1>
      <p className="text-sm text-gray-700">{t("accounts.intro")}</p>
      {answer?.error ? <Notice kind="error">{answer.error}</Notice> : null}
      <section className="rounded border border-gray-200 bg-white p-4">
        <h2 className="mb-2 font-semibold">{t("accounts.add")}</h2>
        <Form method="post" className="flex flex-wrap items-start gap-3" data-testid="add-remote-account">
          <input type="hidden" name="intent" value="create" />
          <label className="flex flex-col text-sm text-gray-800">
            {t("accounts.oj")}
            <select name="oj" className={`mt-1 ${sized("w-28")}`} aria-invalid={errors.oj ? true : undefined}>
              {REMOTE_OJS.map((oj) => (
                <option key={oj} value={oj}>
                  {oj}
                </option>
              ))}
            </select>
            <FieldError text={errors.oj} />
          </label>
          <label className="flex flex-col text-sm text-gray-800">
            {t("accounts.username")}
            <input name="username" maxLength={100} autoComplete="off" className={`mt-1 ${sized("w-48")}`} aria-invalid={errors.username ? true : undefined} />
            <FieldError text={errors.username} />
          </label>
          <label className="flex flex-col text-sm text-gray-800">
            {t("accounts.password")}
            <input name="password" type="password" maxLength={200} autoComplete="new-password" className={`mt-1 ${sized("w-48")}`} aria-invalid={errors.password ? true : undefined} />
            <FieldError text={errors.password} />
          </label>
          <button type="submit" className={`${primaryButtonClass} mt-5`}>
            {t("accounts.addButton")}
          </button>
        </Form>
      </section>
      <div className="overflow-x-auto rounded border border-gray-200 bg-white focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
        <table className="w-full text-left text-sm" data-testid="remote-accounts">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th className="px-2 py-2">{t("accounts.oj")}</th>
              <th className="px-2 py-2">{t("accounts.username")}</th>
              <th className="px-2 py-2">{t("accounts.created")}</th>
              <th className="px-2 py-2">{t("accounts.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-2 py-6 text-center text-gray-700">
                  {t("accounts.empty")}
                </td>
              </tr>
            ) : null}
            {data.rows.map((r) => (
              <tr key={r.id} className="border-t border-gray-100" data-testid="remote-account" data-oj={r.oj} data-username={r.username}>
                <td className="px-2 py-2 font-mono">{r.oj}</td>
                <td className="px-2 py-2">{r.username}</td>
                <td className="whitespace-nowrap px-2 py-2">{r.created}</td>
                <td className="px-2 py-2">
                  <Form method="post">
                    <input type="hidden" name="id" value={r.id} />
                    <ConfirmSubmit name="intent" value="delete" message={t("accounts.confirmDelete", { oj: r.oj, username: r.username })}>
                      {t("accounts.delete")}
                    </ConfirmSubmit>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
