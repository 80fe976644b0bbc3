import { Form, Link } from "@remix-run/react";
import { ConfirmSubmit } from "~/components/admin-problem/ui";
import { formatDateTime } from "~/lib/format";
import { useTranslation } from "~/lib/translation";

// The table of announcements their writers manage: the site's (super admins, /admin/announcement)
// and a group's (its admins, /group/{gid}/announcement). Title, author, time, the shown switch
// (saved at once), edit (?edit=id) and delete after a confirmation: a dialog with JavaScript, the
// server's confirmation form (`AnnouncementDeleteConfirm`) without it.

export interface AnnouncementRow {
  id: number;
  title: string;
  username: string;
  gmtCreate: string | Date;
  /** 0 shown, 1 hidden (HOJ's status). */
  status: number;
  /** Whether this viewer may change it (a group's admins change their own; its root any). */
  editable?: boolean;
}

const btn = "rounded border px-2 py-0.5 text-sm text-gray-800";
const danger = "rounded border border-red-700 px-2 py-0.5 text-sm text-red-700";

export function AnnouncementTable({ rows, base, label, testId, rowTestId }: { rows: AnnouncementRow[]; base: string; label: { id?: string; text?: string }; testId: string; rowTestId: string }) {
  const { t } = useTranslation("community");
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby={label.id} aria-label={label.text}>
      <table className="w-full text-left text-sm" data-testid={testId}>
        <thead className="border-b text-gray-700">
          <tr>
            <th className="p-2">{t("form.title")}</th>
            <th className="p-2">{t("admin.author")}</th>
            <th className="p-2">{t("admin.time")}</th>
            <th className="p-2">{t("admin.visible")}</th>
            <th className="p-2">
              <span className="sr-only">{t("admin.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => {
            const editable = a.editable ?? true;
            const shown = a.status === 0;
            return (
              <tr key={a.id} className="border-b" data-testid={rowTestId} data-title={a.title}>
                <td className="p-2">{a.title}</td>
                <td className="p-2">{a.username}</td>
                <td className="whitespace-nowrap p-2">{formatDateTime(a.gmtCreate)}</td>
                <td className="p-2">
                  {editable ? (
                    <Form method="post" action={base}>
                      <input type="hidden" name="id" value={a.id} />
                      <button type="submit" name="intent" value={shown ? "hide" : "show"} className={btn} aria-pressed={shown}>
                        {shown ? t("admin.shown") : t("admin.hidden")}
                      </button>
                    </Form>
                  ) : shown ? (
                    t("admin.shown")
                  ) : (
                    t("admin.hidden")
                  )}
                </td>
                <td className="p-2">
                  {editable ? (
                    <div className="flex gap-2">
                      <Link to={`${base}?edit=${a.id}`} className={btn}>
                        {t("detail.edit")}
                      </Link>
                      <Form method="post" action={base}>
                        <input type="hidden" name="id" value={a.id} />
                        <ConfirmSubmit name="intent" value="delete" message={t("admin.confirmAnnouncementDelete")} className={danger}>
                          {t("comments.delete")}
                        </ConfirmSubmit>
                      </Form>
                    </div>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Without JavaScript, a delete first answers `confirm: id`; this form asks and sends it again. */
export function AnnouncementDeleteConfirm({ id, base, testId }: { id: number; base: string; testId: string }) {
  const { t } = useTranslation("community");
  return (
    <Form method="post" action={base} className="flex flex-wrap items-center gap-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid={testId}>
      <span>{t("admin.confirmAnnouncementDelete")}</span>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="confirmed" value="1" />
      <button type="submit" name="intent" value="delete" className="rounded border border-red-700 px-3 py-1 text-red-700">
        {t("comments.delete")}
      </button>
      <Link to={base} className="text-blue-700 underline">
        {t("comments.cancel")}
      </Link>
    </Form>
  );
}
