import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { discussionFormAction, discussionFormLoader } from "~/http/community-pages.server";
import { COMMUNITY_LIMITS } from "~/lib/community";
import { categoryLabel } from "~/lib/community";
import { useTranslation } from "~/lib/translation";
import { MarkdownField } from "./MarkdownField";

// Writing or editing a discussion (spec section 2: a full-screen form; title and description at
// most 255, content at most 65535, category required; from a problem the title gets its id).

export function DiscussionForm() {
  const data = useLoaderData<typeof discussionFormLoader>();
  // Inside a group's frame the group's name is the page's heading.
  const Heading = data.gid !== null ? "h2" : "h1";
  const answer = useActionData<typeof discussionFormAction>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation("community");
  const values = answer?.draft ?? data.initial;
  const errors: Record<string, string> = answer?.errors ?? {};
  const field = "mt-1 w-full rounded border border-gray-400 px-2 py-1.5 text-sm";
  const errorOf = (name: string) =>
    errors[name] ? (
      <p id={`${name}-error`} className="mt-1 text-sm text-red-700" role="alert">
        {errors[name]}
      </p>
    ) : null;
  return (
    <div className="mx-auto max-w-5xl p-2 sm:p-4">
      <section className="rounded bg-white p-3 shadow-sm sm:p-5">
        <Heading className="mb-3 text-xl font-semibold">{data.pageTitle}</Heading>
        {data.refusal ? (
          <p className="mb-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="post-refusal">
            {data.refusal}
          </p>
        ) : null}
        {answer?.error ? (
          <p className="mb-3 text-sm text-red-700" role="alert">
            {answer.error}
          </p>
        ) : null}
        <Form method="post" className="space-y-3" noValidate data-testid="discussion-form">
          {!data.editing && values.pid ? (
            <p className="text-sm text-gray-700">
              <input type="hidden" name="pid" value={values.pid} />
              {t("form.aboutProblem", { pid: values.pid })}
            </p>
          ) : null}
          <div>
            <label htmlFor="d-title" className="block text-sm font-medium text-gray-800">
              {t("form.title")}
            </label>
            <input id="d-title" name="title" defaultValue={values.title} maxLength={COMMUNITY_LIMITS.titleMax} aria-invalid={errors.title ? true : undefined} aria-describedby={errors.title ? "title-error" : undefined} className={field} />
            {errorOf("title")}
          </div>
          <div>
            <label htmlFor="d-category" className="block text-sm font-medium text-gray-800">
              {t("form.category")}
            </label>
            <select id="d-category" name="categoryId" defaultValue={values.categoryId} aria-invalid={errors.categoryId ? true : undefined} aria-describedby={errors.categoryId ? "categoryId-error" : undefined} className={field}>
              <option value="">{t("form.chooseCategory")}</option>
              {data.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {categoryLabel(c.name, t)}
                </option>
              ))}
            </select>
            {errorOf("categoryId")}
          </div>
          <div>
            <label htmlFor="d-description" className="block text-sm font-medium text-gray-800">
              {t("form.description")}
            </label>
            <input id="d-description" name="description" defaultValue={values.description} maxLength={COMMUNITY_LIMITS.descriptionMax} aria-invalid={errors.description ? true : undefined} aria-describedby={errors.description ? "description-error" : undefined} className={field} />
            {errorOf("description")}
          </div>
          <MarkdownField id="d-content" name="content" rows={16} label={t("form.content")} defaultValue={values.content} maxLength={COMMUNITY_LIMITS.contentMax} error={errors.content} uploadImage={data.canUploadImage} uploadGid={data.gid} />
          <div className="flex items-center gap-3">
            <button type="submit" disabled={busy} className="rounded bg-blue-700 px-4 py-1.5 text-sm text-white hover:bg-blue-800 disabled:opacity-70">
              {data.editing ? t("form.save") : t("form.publish")}
            </button>
            <Link to={data.backTo} className="text-sm text-blue-800 underline">
              {t("comments.cancel")}
            </Link>
          </div>
        </Form>
      </section>
    </div>
  );
}
