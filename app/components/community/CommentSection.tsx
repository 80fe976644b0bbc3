import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useLocation } from "@remix-run/react";
import { Avatar } from "~/components/stats/Avatar";
import { TitleChip } from "~/components/stats/TitleChip";
import { Pagination } from "~/components/ui/Pagination";
import { COMMUNITY_LIMITS, REPLIES_PREVIEWED, roleBadge } from "~/lib/community";
import { formatDateTime } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import type { CommentAnswer } from "~/http/community.server";
import type { CommentSectionData } from "~/services/community/comments.server";
import { ConfirmButton } from "./ConfirmButton";
import { MarkdownField } from "./MarkdownField";

// Comments with their replies (spec section 2 "Comments"): the comment form, 10 comments a page
// (newest first), three replies each until "show all", likes, replies and deletion. Every action is
// a POST form to the page, so all of it works without JavaScript; contest Q&A adds its three notes.

export function RoleBadge({ role }: { role: string }) {
  const badge = roleBadge(role);
  if (!badge) return null;
  return <span className={`rounded px-1 text-xs font-semibold text-white ${badge === "SPA" ? "bg-red-700" : "bg-blue-800"}`}>{badge}</span>;
}

function Author({ name, role, titleName, titleColor, time }: { name: string; role: string; titleName: string; titleColor: string; time: string | Date }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <Link to={`/user-home?username=${encodeURIComponent(name)}`} className="font-medium text-blue-800 underline-offset-2 hover:underline">
        {name}
      </Link>
      <RoleBadge role={role} />
      <TitleChip name={titleName} color={titleColor} />
      <span className="text-gray-700">{formatDateTime(time)}</span>
    </div>
  );
}

export function CommentSection({ data, signedIn, answer, canComment, refusal }: { data: SerializeFrom<CommentSectionData>; signedIn: boolean; answer?: SerializeFrom<CommentAnswer> | null; canComment: boolean; refusal?: string | null }) {
  const { t } = useTranslation("community");
  const location = useLocation();
  const here = (extra: Record<string, string | null>) => {
    const sp = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(extra)) {
      if (v === null) sp.delete(k);
      else sp.set(k, v);
    }
    const s = sp.toString();
    return `${location.pathname}${s ? `?${s}` : ""}`;
  };
  return (
    <section className="rounded bg-white p-3 shadow-sm sm:p-5" aria-labelledby="comments-title" data-testid="comment-section">
      <h2 id="comments-title" className="mb-3 text-lg font-semibold">
        {t("comments.title", { count: data.total })}
      </h2>
      {data.contestQa ? (
        <ul className="mb-3 list-disc space-y-1 rounded border border-amber-300 bg-amber-50 p-3 pl-8 text-sm text-amber-900" data-testid="qa-notes">
          <li>{t("comments.qaNote1")}</li>
          <li>{t("comments.qaNote2")}</li>
          <li>{t("comments.qaNote3")}</li>
        </ul>
      ) : null}
      {answer?.confirm ? (
        <Form method="post" className="mb-3 flex flex-wrap items-center gap-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="confirm-delete">
          <span>{answer.confirm.intent === "deleteComment" ? t("comments.confirmDelete") : t("comments.confirmDeleteReply")}</span>
          <input type="hidden" name="id" value={answer.confirm.id} />
          <input type="hidden" name="confirmed" value="1" />
          <button type="submit" name="intent" value={answer.confirm.intent} className="rounded border border-red-700 px-3 py-1 text-red-700">
            {t("comments.delete")}
          </button>
          <Link to={here({})}>{t("comments.cancel")}</Link>
        </Form>
      ) : null}
      {signedIn && canComment ? (
        <Form method="post" className="mb-4 space-y-2" data-testid="comment-form">
          <input type="hidden" name="intent" value="comment" />
          <MarkdownField
            id="comment-content"
            name="content"
            label={t("comments.write")}
            maxLength={COMMUNITY_LIMITS.commentMax}
            defaultValue={answer?.form === "comment" ? answer.draft : ""}
            error={answer?.form === "comment" ? answer.error : null}
          />
          <button type="submit" className="rounded bg-blue-700 px-4 py-1.5 text-sm text-white hover:bg-blue-800">
            {t("comments.submit")}
          </button>
        </Form>
      ) : (
        <p className="mb-4 text-sm text-gray-700">
          {signedIn ? refusal : (
            <Link to={`/login?redirectTo=${encodeURIComponent(here({}))}`} data-auth="login" className="text-blue-800 underline">
              {t("comments.loginToComment")}
            </Link>
          )}
        </p>
      )}
      {answer?.error && answer.form !== "comment" && !answer.form.startsWith("reply-") ? <p className="mb-2 text-sm text-red-700" role="alert">{answer.error}</p> : null}
      {data.records.length === 0 ? (
        <p className="py-6 text-center text-gray-700">{t("comments.empty")}</p>
      ) : (
        <ul className="divide-y" data-testid="comment-list">
          {data.records.map((c) => (
            <li key={c.id} id={`comment-${c.id}`} className="flex gap-3 py-3" data-testid="comment">
              <Avatar name={c.fromName} src={c.fromAvatar} size={36} />
              <div className="min-w-0 flex-1 space-y-1">
                <Author name={c.fromName} role={c.fromRole} titleName={c.fromTitleName} titleColor={c.fromTitleColor} time={c.gmtCreate} />
                <div className="markdown-body break-words text-sm" dangerouslySetInnerHTML={{ __html: c.html }} />
                <div className="flex flex-wrap items-center gap-2">
                  {signedIn ? (
                    <Form method="post" className="inline">
                      <input type="hidden" name="id" value={c.id} />
                      <button type="submit" name="intent" value={c.liked ? "unlikeComment" : "likeComment"} className={small} aria-pressed={c.liked} data-testid="comment-like">
                        {c.liked ? t("comments.liked", { count: c.likeNum }) : t("comments.like", { count: c.likeNum })}
                      </button>
                    </Form>
                  ) : (
                    <span className="px-2 text-xs text-gray-700">{t("comments.like", { count: c.likeNum })}</span>
                  )}
                  {c.canDelete ? <DeleteForm id={c.id} intent="deleteComment" confirm={t("comments.confirmDelete")} label={t("comments.delete")} /> : null}
                </div>
                {c.replies.length > 0 ? (
                  <ul className="mt-2 space-y-2 rounded bg-gray-50 p-2" data-testid="reply-list">
                    {c.replies.map((r) => (
                      <li key={r.id} className="space-y-1" data-testid="reply">
                        <div className="flex flex-wrap items-center gap-1 text-sm">
                          <Author name={r.fromName} role={r.fromRole} titleName={r.fromTitleName} titleColor={r.fromTitleColor} time={r.gmtCreate} />
                          {r.toName && r.toUid !== c.fromUid ? <span className="text-gray-700">{t("comments.replyTo", { name: r.toName })}</span> : null}
                        </div>
                        <div className="markdown-body break-words text-sm" dangerouslySetInnerHTML={{ __html: r.html }} />
                        {r.canDelete ? <DeleteForm id={r.id} intent="deleteReply" confirm={t("comments.confirmDeleteReply")} label={t("comments.delete")} /> : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {c.totalReplyNum > REPLIES_PREVIEWED ? (
                  c.expanded ? (
                    <Link to={`${here({ replies: null })}#comment-${c.id}`} className={small} preventScrollReset>
                      {t("comments.collapse")}
                    </Link>
                  ) : (
                    <Link to={`${here({ replies: String(c.id) })}#comment-${c.id}`} className={small} preventScrollReset data-testid="show-all-replies">
                      {t("comments.showAll", { count: c.totalReplyNum })}
                    </Link>
                  )
                ) : null}
                {c.canReply && canComment ? (
                  <details className="mt-1" open={answer?.form === `reply-${c.id}`}>
                    <summary className={`${small} inline-block cursor-pointer`}>{t("comments.reply")}</summary>
                    <Form method="post" className="mt-2 space-y-2" data-testid="reply-form">
                      <input type="hidden" name="intent" value="reply" />
                      <input type="hidden" name="commentId" value={c.id} />
                      <MarkdownField
                        id={`reply-${c.id}`}
                        name="content"
                        rows={3}
                        label={t("comments.replyTo", { name: c.fromName })}
                        maxLength={COMMUNITY_LIMITS.commentMax}
                        defaultValue={answer?.form === `reply-${c.id}` ? answer.draft : ""}
                        error={answer?.form === `reply-${c.id}` ? answer.error : null}
                      />
                      <button type="submit" className="rounded bg-blue-700 px-3 py-1 text-sm text-white hover:bg-blue-800">
                        {t("comments.sendReply")}
                      </button>
                    </Form>
                  </details>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination total={data.total} size={data.size} current={data.current} href={(p) => here({ commentPage: p > 1 ? String(p) : null, replies: null })} />
    </section>
  );
}

const small = "rounded px-2 py-0.5 text-xs text-blue-800 underline-offset-2 hover:underline focus:outline-none focus:ring-2 focus:ring-blue-700";

/** Deleting a comment or a reply: a real form, asked to confirm first with JavaScript. */
function DeleteForm({ id, intent, confirm, label }: { id: number; intent: string; confirm: string; label: string }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="id" value={id} />
      <ConfirmButton value={intent} message={confirm} className={`${small} text-red-700`}>
        {label}
      </ConfirmButton>
    </Form>
  );
}
