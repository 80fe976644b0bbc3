import { Form, Link } from "@remix-run/react";
import { buttonClass, ConfirmSubmit, Notice, inputClass, textareaClass } from "~/components/admin-problem/ui";
import type { AnnouncementsAnswer } from "~/http/contest-announcements.server";
import { useTranslation } from "~/lib/translation";
import { contestPrimaryButton } from "./styles";

// A contest's announcements for its admins (spec section 2), on the site's admin page and a group's.

export interface AnnouncementRow {
  id: number;
  title: string;
  content: string;
  visible: boolean;
  username: string;
  time: string;
}

/** The announcements admin of one contest: write one, change or hide it, delete with confirmation. */
export function AnnouncementsAdmin({ title, rows, here, back, answer }: { title: string; rows: AnnouncementRow[]; here: string; back: { to: string; label: string }; answer?: AnnouncementsAnswer }) {
  const { t } = useTranslation("contest-admin");
  const createErr = answer && answer.editId === undefined ? answer.errors : {};
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{title}</h1>
        <Link to={back.to} className={`${buttonClass} text-gray-800`}>
          {back.label}
        </Link>
      </div>
      {answer?.error ? <Notice kind="error">{answer.error}</Notice> : null}
      {answer?.confirmDelete ? (
        <Notice kind="warning">
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <span>{t("announcements.confirmDelete", { title: answer.confirmDelete.title })}</span>
            <input type="hidden" name="id" value={answer.confirmDelete.id} />
            <input type="hidden" name="confirmed" value="1" />
            <button type="submit" name="intent" value="delete" className="rounded border border-red-700 px-3 py-1 text-sm text-red-700">
              {t("list.delete")}
            </button>
            <Link to={here}>{t("list.cancel")}</Link>
          </Form>
        </Notice>
      ) : null}
      <section className="space-y-2 rounded border border-gray-200 bg-white p-4">
        <h2 className="font-semibold">{t("announcements.create")}</h2>
        <Form method="post" className="space-y-2" data-testid="announcement-form">
          <input type="hidden" name="intent" value="create" />
          <label className="block text-sm text-gray-800">
            {t("announcements.titleField")}
            <input name="title" defaultValue={answer?.editId === undefined ? answer?.draft?.title : ""} className={inputClass} aria-invalid={createErr.title ? true : undefined} />
          </label>
          {createErr.title ? <p role="alert" className="text-xs text-red-700">{createErr.title}</p> : null}
          <label className="block text-sm text-gray-800">
            {t("announcements.content")}
            <textarea name="content" rows={5} defaultValue={answer?.editId === undefined ? answer?.draft?.content : ""} className={textareaClass} aria-invalid={createErr.content ? true : undefined} />
          </label>
          {createErr.content ? <p role="alert" className="text-xs text-red-700">{createErr.content}</p> : null}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="visible" defaultChecked /> {t("announcements.visible")}
          </label>
          <button type="submit" className={contestPrimaryButton}>
            {t("announcements.publish")}
          </button>
        </Form>
      </section>
      {rows.length === 0 ? <p className="text-center text-gray-700">{t("announcements.empty")}</p> : null}
      {rows.map((a) => {
        const errs = answer?.editId === a.id ? answer.errors : {};
        return (
          <details key={a.id} className="rounded border border-gray-200 bg-white p-3" data-testid="admin-announcement">
            <summary className="cursor-pointer">
              <span className="font-medium">{a.title}</span> <span className="text-xs text-gray-700">{a.username} · {a.time} · {a.visible ? t("list.shown") : t("list.hidden")}</span>
            </summary>
            <Form method="post" className="mt-2 space-y-2">
              <input type="hidden" name="id" value={a.id} />
              <input name="title" defaultValue={a.title} aria-label={t("announcements.titleField")} className={inputClass} />
              {errs.title ? <p role="alert" className="text-xs text-red-700">{errs.title}</p> : null}
              <textarea name="content" rows={5} defaultValue={a.content} aria-label={t("announcements.content")} className={textareaClass} />
              {errs.content ? <p role="alert" className="text-xs text-red-700">{errs.content}</p> : null}
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="visible" defaultChecked={a.visible} /> {t("announcements.visible")}
              </label>
              <div className="flex gap-2">
                <button type="submit" name="intent" value="update" className={`${buttonClass} text-gray-800`}>
                  {t("problems.save")}
                </button>
                <ConfirmSubmit name="intent" value="delete" message={t("announcements.confirmDelete", { title: a.title })}>
                  {t("list.delete")}
                </ConfirmSubmit>
              </div>
            </Form>
          </details>
        );
      })}
    </div>
  );
}
