import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";

// The announcement form of the site's admin screen and a group's announcements tab: title, Markdown
// content and the visible switch; a new one or the one being edited (`draft.id`). The page's action
// takes intent "save".

export interface AnnouncementDraft {
  title: string;
  content: string;
  visible: boolean;
  id: string;
}

export function AnnouncementForm({
  draft,
  errors,
  action,
  cancelTo,
  testId,
  idPrefix,
  submitClass,
  headingLevel = 2,
}: {
  draft: AnnouncementDraft;
  errors: Record<string, string>;
  action?: string;
  /** Where "Cancel" goes while editing. */
  cancelTo: string;
  testId: string;
  /** Prefix of the fields' ids (one form per page). */
  idPrefix: string;
  submitClass: string;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation("community");
  const input = "mt-1 w-full rounded border border-gray-400 px-2 py-1 text-sm";
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const err = (name: string) =>
    errors[name] ? (
      <p id={`${idPrefix}-${name}-error`} className="mt-1 text-sm text-red-700" role="alert">
        {errors[name]}
      </p>
    ) : null;
  const described = (name: string) => ({ "aria-invalid": errors[name] ? true : undefined, "aria-describedby": errors[name] ? `${idPrefix}-${name}-error` : undefined });
  return (
    <Form method="post" action={action} key={draft.id || "new"} className="space-y-3 rounded border p-3" noValidate data-testid={testId}>
      <Heading className="font-semibold">{draft.id ? t("admin.editAnnouncement") : t("admin.newAnnouncement")}</Heading>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="id" value={draft.id} />
      <div>
        <label htmlFor={`${idPrefix}-title`} className="block text-sm font-medium">
          {t("form.title")}
        </label>
        <input id={`${idPrefix}-title`} name="title" defaultValue={draft.title} maxLength={255} className={input} {...described("title")} />
        {err("title")}
      </div>
      <div>
        <label htmlFor={`${idPrefix}-content`} className="block text-sm font-medium">
          {t("admin.announcementContent")}
        </label>
        <textarea id={`${idPrefix}-content`} name="content" rows={6} defaultValue={draft.content} className={input} {...described("content")} />
        {err("content")}
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="visible" defaultChecked={draft.visible} />
        {t("admin.visible")}
      </label>
      <div className="flex items-center gap-3">
        <button type="submit" className={submitClass}>
          {t("form.save")}
        </button>
        {draft.id ? (
          <Link to={cancelTo} className="text-sm text-blue-800 underline">
            {t("comments.cancel")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
