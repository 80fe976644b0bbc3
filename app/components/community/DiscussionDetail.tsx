import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { CommentAnswer } from "~/http/community.server";
import type { DiscussionAnswer, discussionDetailLoader } from "~/http/community-pages.server";
import { COMMUNITY_LIMITS, REPORT_TAGS } from "~/lib/community";
import { formatDateTime } from "~/lib/format";
import { categoryLabel } from "~/lib/community";
import { useTranslation } from "~/lib/translation";
import { CommentSection, RoleBadge } from "./CommentSection";
import { ConfirmButton } from "./ConfirmButton";

// One discussion (spec section 2 "Discussion"), the site's or a group's: its Markdown, author with
// role badge, category, likes and views; like, edit (author), delete (author or admins), pin
// (admins), report; and its comments. Every action is a POST to the page.

export function DiscussionDetail() {
  const data = useLoaderData<typeof discussionDetailLoader>();
  // Inside a group's frame the group's name is the page's heading.
  const Heading = data.inGroup ? "h2" : "h1";
  const answer = useActionData<DiscussionAnswer & Partial<CommentAnswer>>();
  const { t } = useTranslation("community");
  const d = data.discussion;
  const btn = "rounded border px-3 py-1 text-sm focus:outline-none focus:ring-2 focus:ring-blue-700";
  const commentAnswer = answer && "form" in answer && answer.form ? (answer as CommentAnswer) : null;
  return (
    <div className="mx-auto max-w-5xl space-y-3 p-2 sm:p-4">
      <article className="rounded bg-white p-3 shadow-sm sm:p-5" data-testid="discussion">
        <nav className="mb-2 text-sm text-gray-700" aria-label={t("list.breadcrumb")}>
          <Link to={data.paths.list} className="text-blue-800 underline">
            {data.inGroup ? t("list.groupTitle") : t("list.title")}
          </Link>
          <span aria-hidden="true"> / </span>
          <Link to={`${data.paths.list}?cid=${d.categoryId}`} className="text-blue-800 underline">
            {categoryLabel(d.categoryName, t)}
          </Link>
          {d.pid ? (
            <>
              <span aria-hidden="true"> / </span>
              <Link to={`${data.paths.list}/${encodeURIComponent(d.pid)}`} className="text-blue-800 underline">
                {d.pid}
              </Link>
            </>
          ) : null}
        </nav>
        <Heading className="text-xl font-semibold">
          {d.topPriority ? <span className="mr-2 rounded bg-red-700 px-1.5 align-middle text-xs text-white">{t("list.top")}</span> : null}
          {d.title}
        </Heading>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700">
          <span className="flex items-center gap-1">
            <Link to={`/user-home?username=${encodeURIComponent(d.author)}`} className="text-blue-800 underline">
              {d.author}
            </Link>
            <RoleBadge role={d.role} />
          </span>
          <span>{formatDateTime(d.gmtCreate)}</span>
          <span>{t("list.views", { count: d.viewNum })}</span>
          <span data-testid="like-count">{t("list.likes", { count: d.likeNum })}</span>
          {d.status === 1 ? <span className="rounded bg-gray-700 px-1.5 text-xs text-white">{t("detail.disabled")}</span> : null}
        </div>
        {d.description ? <p className="mt-3 rounded bg-gray-50 p-2 text-sm text-gray-800">{d.description}</p> : null}
        <div className="markdown-body mt-3 break-words" dangerouslySetInnerHTML={{ __html: data.html }} />
        {answer?.discussionError ? (
          <p className="mt-3 text-sm text-red-700" role="alert">
            {answer.discussionError}
          </p>
        ) : null}
        {answer?.confirmDelete ? (
          <Form method="post" className="mt-3 flex flex-wrap items-center gap-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="confirm-delete-discussion">
            <span>{t("detail.confirmDelete")}</span>
            <input type="hidden" name="confirmed" value="1" />
            <button type="submit" name="intent" value="delete" className="rounded border border-red-700 px-3 py-1 text-red-700">
              {t("detail.delete")}
            </button>
            <Link to={`${data.paths.detail}/${d.id}`}>{t("comments.cancel")}</Link>
          </Form>
        ) : null}
        <div className="mt-4 flex flex-wrap items-center gap-2 border-t pt-3">
          {data.signedIn ? (
            <Form method="post">
              <button type="submit" name="intent" value={d.hasLike ? "unlike" : "like"} aria-pressed={d.hasLike} className={`${btn} ${d.hasLike ? "border-blue-700 bg-blue-700 text-white" : "text-gray-800"}`} data-testid="discussion-like">
                {d.hasLike ? t("detail.liked") : t("detail.like")}
              </button>
            </Form>
          ) : null}
          {data.rights.edit ? (
            <Link to={`${data.paths.edit}/${d.id}`} className={`${btn} text-gray-800`}>
              {t("detail.edit")}
            </Link>
          ) : null}
          {data.rights.delete ? (
            <Form method="post">
              <ConfirmButton value="delete" message={t("detail.confirmDelete")} className={`${btn} border-red-700 text-red-700`}>
                {t("detail.delete")}
              </ConfirmButton>
            </Form>
          ) : null}
          {data.rights.moderate ? (
            <Form method="post">
              <button type="submit" name="intent" value={d.topPriority ? "unpin" : "pin"} className={`${btn} text-gray-800`}>
                {d.topPriority ? t("detail.unpin") : t("detail.pin")}
              </button>
            </Form>
          ) : null}
          {data.signedIn ? (
            <details className="w-full" open={!!answer?.report}>
              <summary className={`${btn} inline-block cursor-pointer text-gray-800`}>{t("detail.report")}</summary>
              <Form method="post" className="mt-2 space-y-2 rounded border p-3" data-testid="report-form">
                <fieldset>
                  <legend className="mb-1 text-sm font-medium">{t("report.tags")}</legend>
                  <div className="flex flex-wrap gap-3">
                    {REPORT_TAGS.map((tag) => (
                      <label key={tag} className="flex items-center gap-1 text-sm">
                        <input type="checkbox" name="tags" value={tag} defaultChecked={answer?.report?.tags.includes(tag)} />
                        {t(`report.tag.${tag}`)}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <label className="block text-sm" htmlFor="report-reason">
                  {t("report.reason")}
                </label>
                <textarea
                  id="report-reason"
                  name="reason"
                  rows={3}
                  maxLength={COMMUNITY_LIMITS.reportReasonMax}
                  defaultValue={answer?.report?.reason ?? ""}
                  aria-invalid={answer?.report?.error ? true : undefined}
                  aria-describedby={answer?.report?.error ? "report-error" : undefined}
                  className="w-full rounded border border-gray-400 p-2 text-sm"
                />
                {answer?.report?.error ? (
                  <p id="report-error" className="text-sm text-red-700" role="alert">
                    {answer.report.error}
                  </p>
                ) : null}
                <button type="submit" name="intent" value="report" className="rounded bg-red-700 px-3 py-1 text-sm text-white">
                  {t("report.send")}
                </button>
              </Form>
            </details>
          ) : null}
        </div>
      </article>
      <CommentSection data={data.comments} signedIn={data.signedIn} answer={commentAnswer} canComment={!data.commentRefusal} refusal={data.commentRefusal} />
    </div>
  );
}
