import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminCard } from "~/components/admin/AdminShell";
import { buttonClass, ConfirmSubmit, Notice as Banner, primaryButtonClass } from "~/components/admin-problem/ui";
import { Pagination } from "~/components/ui/Pagination";
import { flash } from "~/http/flash.server";
import { requireSuperAdmin } from "~/http/guards.server";
import { inputId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { formatDateTime, pageFrom } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { NOTICE_RECIPIENTS } from "~/lib/community";
import { createNotice, deleteNotice, listNotices, noticeInputSchema, pushPendingNotices } from "~/services/community/notices.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";

// System notices (super admin; spec: to all users, a designated user, or the admins): write one; the
// hourly job pushes it into the recipients' system messages, or "push now" does at once.

export const handle = { i18n: ["community", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSuperAdmin(request);
  const current = pageFrom(new URL(request.url).searchParams.get("currentPage"));
  const t = await getT(request, "community");
  return json({ pageTitle: t("admin.notices"), page: await listNotices(user, current) });
}

type Answer = { error: string | null; errors: Record<string, string>; draft?: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSuperAdmin(request);
  const t = await getT(request, ["community", "common"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const draft = { title: String(form.get("title") ?? ""), content: String(form.get("content") ?? ""), type: String(form.get("type") ?? ""), recipient: String(form.get("recipient") ?? "") };
  try {
    if (intent === "create") {
      const v = validate(t, noticeInputSchema, draft);
      if (!v.ok) return json<Answer>({ error: null, errors: v.errors, draft }, { status: 400 });
      await createNotice(user, v.data);
    } else if (intent === "delete") {
      if (form.get("confirmed") !== "1") return json<Answer>({ error: t("admin.confirmNoticeDelete"), errors: {} });
      await deleteNotice(user, inputId(form.get("id")));
    } else if (intent === "push") {
      await pushPendingNotices();
    } else {
      return json<Answer>({ error: t("common:errors.badRequest"), errors: {} }, { status: 400 });
    }
  } catch (err) {
    if (err instanceof DomainError) return json<Answer>({ error: t(err.message, err.params ?? {}), errors: {}, draft }, { status: httpStatusOf(err.kind) });
    throw err;
  }
  return siteRedirect("/admin/notice", { headers: { "Set-Cookie": await flash(request, { type: "success", key: intent === "delete" ? "community:flash.deleted" : "community:flash.sent" }) } });
}

export default function AdminNotices() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("community");
  const errors = answer?.errors ?? {};
  const draft = answer?.draft ?? { title: "", content: "", type: "All", recipient: "" };
  const input = "mt-1 w-full rounded border border-gray-400 px-2 py-1 text-sm";
  const err = (name: string) =>
    errors[name] ? (
      <p id={`n-${name}-error`} className="mt-1 text-sm text-red-700" role="alert">
        {errors[name]}
      </p>
    ) : null;
  return (
    <AdminCard
      title={data.pageTitle}
      actions={
        <Form method="post">
          <button type="submit" name="intent" value="push" className={buttonClass}>
            {t("admin.pushNow")}
          </button>
        </Form>
      }
    >
      {answer?.error ? <Banner kind="error">{answer.error}</Banner> : null}
      <Form method="post" className="mb-5 space-y-3 rounded border p-3" noValidate data-testid="notice-form">
        <input type="hidden" name="intent" value="create" />
        <div>
          <label htmlFor="n-title" className="block text-sm font-medium">
            {t("form.title")}
          </label>
          <input id="n-title" name="title" defaultValue={draft.title} maxLength={255} className={input} aria-invalid={errors.title ? true : undefined} aria-describedby={errors.title ? "n-title-error" : undefined} />
          {err("title")}
        </div>
        <div>
          <label htmlFor="n-content" className="block text-sm font-medium">
            {t("admin.noticeContent")}
          </label>
          <textarea id="n-content" name="content" rows={4} defaultValue={draft.content} className={input} aria-invalid={errors.content ? true : undefined} aria-describedby={errors.content ? "n-content-error" : undefined} />
          {err("content")}
        </div>
        <fieldset>
          <legend className="text-sm font-medium">{t("admin.recipients")}</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {NOTICE_RECIPIENTS.map((r) => (
              <label key={r} className="flex items-center gap-1 text-sm">
                <input type="radio" name="type" value={r} defaultChecked={draft.type === r} />
                {t(`admin.recipient.${r}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="n-recipient" className="block text-sm font-medium">
            {t("admin.recipientUser")}
          </label>
          <input id="n-recipient" name="recipient" defaultValue={draft.recipient} maxLength={100} className={input} aria-invalid={errors.recipient ? true : undefined} aria-describedby={errors.recipient ? "n-recipient-error" : undefined} />
          {err("recipient")}
        </div>
        <button type="submit" className={primaryButtonClass}>
          {t("admin.send")}
        </button>
      </Form>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={data.pageTitle}>
        <table className="w-full text-left text-sm" data-testid="admin-notices">
          <thead className="border-b text-gray-700">
            <tr>
              <th className="p-2">{t("form.title")}</th>
              <th className="p-2">{t("admin.recipients")}</th>
              <th className="p-2">{t("admin.time")}</th>
              <th className="p-2">{t("admin.status")}</th>
              <th className="p-2">
                <span className="sr-only">{t("comments.delete")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.page.records.map((n) => (
              <tr key={n.id} className="border-b" data-testid="admin-notice">
                <td className="p-2">{n.title}</td>
                <td className="p-2">{n.type === "Single" ? n.recipientUsername : t(`admin.recipient.${n.type}`)}</td>
                <td className="whitespace-nowrap p-2">{formatDateTime(n.gmtCreate)}</td>
                <td className="p-2">{n.state ? t("admin.pushed") : t("admin.waiting")}</td>
                <td className="p-2">
                  <Form method="post">
                    <input type="hidden" name="id" value={n.id} />
                    <ConfirmSubmit name="intent" value="delete" message={t("admin.confirmNoticeDelete")}>
                      {t("comments.delete")}
                    </ConfirmSubmit>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination total={data.page.total} size={data.page.size} current={data.page.current} href={(p) => `/admin/notice?currentPage=${p}`} />
    </AdminCard>
  );
}
