import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Notice, primaryButtonClass, textareaClass } from "~/components/admin-problem/ui";
import { UserBatchPage, UserBatchReport } from "~/components/admin/UserBatch";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { requireSuperAdmin } from "~/http/guards.server";
import { httpStatusOf } from "~/http/status.server";
import { importUsers, rowsOfCsv } from "~/services/account/admin-users.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";

// Importing users from a UTF-8 CSV (spec section 5): a file or pasted text, one user a line:
// username, password (required), email, realname, gender (male/0, female/1, empty), nickname,
// school. The answer reports every row: created, or why not.

export const handle = { i18n: ["admin-user", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  const t = await getT(request, "admin-user");
  return json({ pageTitle: t("import.title") });
}

type Answer = { error: string | null; rows: Array<{ line: number; username: string; ok: boolean; error: string | null }> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSuperAdmin(request);
  const t = await getT(request, ["admin-user", "auth", "common"]);
  const form = await request.formData();
  const file = form.get("file");
  let text = typeof form.get("csv") === "string" ? String(form.get("csv")) : "";
  if (file && typeof file !== "string" && file.size > 0) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      return json<Answer>({ error: t("admin-user:notUtf8"), rows: [] }, { status: 400 });
    }
  }
  try {
    const reports = await importUsers(user, rowsOfCsv(text));
    return json<Answer>({ error: null, rows: reports.map((r) => ({ ...r, error: r.error ? t(r.error) : null })) });
  } catch (err) {
    if (err instanceof DomainError) return json<Answer>({ error: t(err.message, err.params ?? {}), rows: [] }, { status: httpStatusOf(err.kind) });
    throw err;
  }
}

export default function ImportUsers() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("admin-user");
  const ok = answer?.rows.filter((r) => r.ok).length ?? 0;
  const failed = (answer?.rows.length ?? 0) - ok;
  return (
    <UserBatchPage title={data.pageTitle}>
      <p className="text-sm text-gray-700">{t("import.help")}</p>
      <Form method="post" encType="multipart/form-data" className="space-y-3 rounded border border-gray-200 bg-white p-4" data-testid="import-users-form">
        <label className="flex flex-col text-sm text-gray-800">
          {t("import.file")}
          <input type="file" name="file" accept=".csv,text/csv" className="mt-1 text-sm" />
        </label>
        <label className="flex flex-col text-sm text-gray-800">
          {t("import.paste")}
          <textarea name="csv" rows={6} className={`mt-1 ${textareaClass}`} placeholder="username,password,email,realname,gender,nickname,school" />
        </label>
        <button type="submit" className={primaryButtonClass}>
          {t("import.submit")}
        </button>
      </Form>
      {answer?.error ? <Notice kind="error">{answer.error}</Notice> : null}
      {answer && answer.rows.length > 0 ? (
        <UserBatchReport
          name="import"
          rowTestId="import-row"
          warn={failed > 0}
          summary={
            <span data-testid="import-summary" data-ok={ok} data-failed={failed}>
              {t("import.summary", { ok, failed })}
            </span>
          }
          columns={[
            { head: t("import.line"), cell: (r) => r.line },
            { head: t("list.username"), cell: (r) => r.username },
          ]}
          rows={answer.rows}
          rowKey={(r) => r.line}
        />
      ) : null}
    </UserBatchPage>
  );
}
