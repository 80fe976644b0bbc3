import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CommentSection, RoleBadge } from "~/components/community/CommentSection";
import { ConfirmButton } from "~/components/community/ConfirmButton";
import { commentSectionAction, positiveOrNull, type CommentAnswer } from "~/http/community.server";
import { communityPageRefusal } from "~/http/community-pages.server";
import { flash } from "~/http/flash.server";
import { requireUser } from "~/http/guards.server";
import { pathId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { COMMUNITY_LIMITS, REPORT_TAGS } from "~/lib/community";
import { formatDateTime } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { getCurrentUser } from "~/services/account/session.server";
import { commentSection, speakRefusalFor } from "~/services/community/comments.server";
import { deleteDiscussion, discussionDetail, likeDiscussion, moderateDiscussion, reportDiscussion, reportSchema, SITE_AREA } from "~/services/community/discussions.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";
import { pageFrom } from "~/lib/format";

// One discussion (spec section 2 "Discussion"): its Markdown, author with role badge, category,
// likes and views; like, edit (author), delete (author or admins), pin (admins), report; and its
// comments. Every action is a POST to this page.

export const handle = { i18n: ["community"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.discussion.title);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const did = pathId(params.discussionId);
  const url = new URL(request.url);
  const viewer = await getCurrentUser(request);
  try {
    const [detail, comments, refusal, t] = await Promise.all([
      discussionDetail(viewer, did),
      commentSection(viewer, { did }, pageFrom(url.searchParams.get("commentPage")), positiveOrNull(url.searchParams.get("replies"))),
      speakRefusalFor(viewer, SITE_AREA),
      getT(request, ["community", "common"]),
    ]);
    return json({
      ...detail,
      comments,
      signedIn: !!viewer,
      commentRefusal: refusal && refusal.kind !== "unauthenticated" ? t(refusal.message, refusal.params ?? {}) : null,
    });
  } catch (err) {
    throw communityPageRefusal(err);
  }
}

type DiscussionAnswer = { discussionError?: string | null; confirmDelete?: boolean; report?: { error: string | null; reason: string; tags: string[] } };

export async function action({ request, params }: ActionFunctionArgs) {
  const did = pathId(params.discussionId);
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const t = await getT(request, ["community", "common"]);
  const back = new URL(request.url);
  const done = async (key?: string) => {
    const headers = key ? { "Set-Cookie": await flash(request, { type: "success", key }) } : undefined;
    return siteRedirect(`/discussion-detail/${did}${back.search}`, headers ? { headers } : undefined);
  };
  try {
    if (intent === "like" || intent === "unlike") {
      await likeDiscussion(user, did, intent === "like");
      return done(intent === "like" ? "community:flash.liked" : "community:flash.unliked");
    }
    if (intent === "pin" || intent === "unpin") {
      await moderateDiscussion(user, did, { topPriority: intent === "pin" });
      return done("common:success.update");
    }
    if (intent === "delete") {
      if (form.get("confirmed") !== "1") return json<DiscussionAnswer>({ confirmDelete: true });
      await deleteDiscussion(user, did);
      return siteRedirect("/discussion", { headers: { "Set-Cookie": await flash(request, { type: "success", key: "community:flash.deleted" }) } });
    }
    if (intent === "report") {
      const tags = form.getAll("tags").map(String);
      const reason = String(form.get("reason") ?? "");
      const v = validate(t, reportSchema, { did, tags, reason });
      if (!v.ok) return json<DiscussionAnswer>({ report: { error: Object.values(v.errors)[0] ?? "", reason, tags } }, { status: 400 });
      await reportDiscussion(user, v.data);
      return done("community:flash.reported");
    }
  } catch (err) {
    if (err instanceof DomainError) return json<DiscussionAnswer>({ discussionError: t(err.message, err.params ?? {}) }, { status: httpStatusOf(err.kind) });
    throw err;
  }
  const answer = await commentSectionAction(request, user, form, { did });
  return answer ?? done();
}

export default function DiscussionDetail() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as (DiscussionAnswer & Partial<CommentAnswer>) | undefined;
  const { t } = useTranslation("community");
  const d = data.discussion;
  const btn = "rounded border px-3 py-1 text-sm focus:outline-none focus:ring-2 focus:ring-blue-700";
  const commentAnswer = answer && "form" in answer && answer.form ? (answer as CommentAnswer) : null;
  return (
    <div className="mx-auto max-w-5xl space-y-3 p-2 sm:p-4">
      <article className="rounded bg-white p-3 shadow-sm sm:p-5" data-testid="discussion">
        <nav className="mb-2 text-sm text-gray-700" aria-label={t("list.breadcrumb")}>
          <Link to="/discussion" className="text-blue-800 underline">
            {t("list.title")}
          </Link>
          <span aria-hidden="true"> / </span>
          <Link to={`/discussion?cid=${d.categoryId}`} className="text-blue-800 underline">
            {d.categoryName}
          </Link>
          {d.pid ? (
            <>
              <span aria-hidden="true"> / </span>
              <Link to={`/discussion/${encodeURIComponent(d.pid)}`} className="text-blue-800 underline">
                {d.pid}
              </Link>
            </>
          ) : null}
        </nav>
        <h1 className="text-xl font-semibold">
          {d.topPriority ? <span className="mr-2 rounded bg-red-700 px-1.5 align-middle text-xs text-white">{t("list.top")}</span> : null}
          {d.title}
        </h1>
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
            <Link to={`/discussion-detail/${d.id}`}>{t("comments.cancel")}</Link>
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
            <Link to={`/discussion-edit/${d.id}`} className={`${btn} text-gray-800`}>
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
