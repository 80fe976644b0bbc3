import { rm } from "node:fs/promises";
import { REPORT_TAGS } from "~/lib/community";
import { pageFrom } from "~/lib/format";
import { MESSAGE_PAGE_SIZE, type MessageType } from "~/lib/messages";
import { listMessages, messageJson, messageNamespaces } from "~/services/community/messages.server";
import type { UserMessageDoc } from "~/models/message.server";
import { queryLimit } from "~/services/platform/validation.server";
import { apiRoute, queryParams, requireApiUser } from "./api.server";
import { parseMultipart } from "./problem-form.server";
import { inputId } from "./ids.server";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { CurrentUser } from "~/services/account/session.server";
import { addComment, addReply, commentInputSchema, deleteComment, deleteReply, likeComment, replyInputSchema } from "~/services/community/comments.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";
import { httpStatusOf } from "./status.server";

// Edge helpers of the community's pages and /ojapi adapters: page numbers, switches and ids from
// queries and bodies, HOJ's report content.

/** A positive id, or null when absent or empty; a malformed one is a 400. */
export function positiveOrNull(raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === "" || raw === "null" || raw === "undefined") return null;
  return inputId(raw);
}

export function truthy(raw: unknown): boolean {
  return raw === true || raw === "true" || raw === "1" || raw === 1 || raw === "on";
}

/** The discussion or contest of a comment call (one of them). */
export function commentPlaceIds(source: Record<string, unknown>): { did: number | undefined; cid: number | undefined } {
  return { did: positiveOrNull(source.did) ?? undefined, cid: positiveOrNull(source.cid) ?? undefined };
}

/**
 * A report as the service takes it: the page's form sends tags and a reason; HOJ's client sends the
 * composed content ("#tag #tag reason"), whose known tags are read back out of it.
 */
export function reportInput(body: Record<string, unknown>): { tags: string[]; reason: string } {
  if (Array.isArray(body.tags) || typeof body.reason === "string") {
    const tags = (Array.isArray(body.tags) ? body.tags : [body.tags]).filter((t): t is string => typeof t === "string" && t !== "");
    return { tags, reason: typeof body.reason === "string" ? body.reason : "" };
  }
  const words = String(body.content ?? "").trim().split(/\s+/);
  const tags: string[] = [];
  while (words.length > 0 && words[0].startsWith("#") && (REPORT_TAGS as readonly string[]).includes(words[0].slice(1))) tags.push(words.shift()!.slice(1));
  return { tags, reason: words.join(" ") };
}


/** What a page's comment form gets back: a field error, or a confirmation to ask first. */
export interface CommentAnswer {
  error: string | null;
  /** Which form the error belongs to: "comment" or "reply-<commentId>". */
  form: string;
  draft: string;
  confirm?: { intent: "deleteComment" | "deleteReply"; id: number };
}

/**
 * The comment section's POST (discussion pages and a contest's Q&A tab): comment, reply, like and
 * delete. Returns null when done (the page redirects back), or the answer to show.
 */
export async function commentSectionAction(request: Request, user: CurrentUser, form: FormData, ids: { did?: number; cid?: number }): Promise<Response | null> {
  const t = await getT(request, ["community", "common"]);
  const intent = String(form.get("intent") ?? "");
  const draft = String(form.get("content") ?? "");
  const formName = intent === "reply" ? `reply-${String(form.get("commentId") ?? "")}` : "comment";
  const answer = (a: Partial<CommentAnswer>, status = 400) => json<CommentAnswer>({ error: null, form: formName, draft, ...a }, { status });
  try {
    if (intent === "comment") {
      const v = validate(t, commentInputSchema, { ...ids, content: draft });
      if (!v.ok) return answer({ error: Object.values(v.errors)[0] ?? t("common:errors.badRequest") });
      await addComment(user, v.data);
    } else if (intent === "reply") {
      const v = validate(t, replyInputSchema, { commentId: form.get("commentId"), content: draft, quoteId: form.get("quoteId") ?? undefined, quoteType: form.get("quoteType") || undefined });
      if (!v.ok) return answer({ error: Object.values(v.errors)[0] ?? t("common:errors.badRequest") });
      await addReply(user, v.data);
    } else if (intent === "likeComment" || intent === "unlikeComment") {
      await likeComment(user, inputId(form.get("id")), intent === "likeComment");
    } else if (intent === "deleteComment" || intent === "deleteReply") {
      const id = inputId(form.get("id"));
      // Without JavaScript the page asks first; the confirmation sends confirmed=1.
      if (form.get("confirmed") !== "1") return answer({ confirm: { intent, id } }, 200);
      if (intent === "deleteComment") await deleteComment(user, id);
      else await deleteReply(user, id);
    } else {
      return answer({ error: t("common:errors.badRequest") });
    }
  } catch (err) {
    if (err instanceof DomainError) return answer({ error: t(err.message, err.params ?? {}) }, httpStatusOf(err.kind));
    throw err;
  }
  return null;
}

/**
 * A Markdown upload's multipart body: the file streamed to disk up to `maxBytes` (an over-large one
 * is reported, not kept) and the optional group id.
 */
export async function receiveMarkdownUpload(request: Request, fields: readonly string[], maxBytes: number) {
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(request.headers.get("Content-Type") ?? "")) throw new DomainError("invalid", "community:errors.chooseFile");
  const { form, files, tooLarge } = await parseMultipart(request, fields, maxBytes);
  const file = fields.map((f) => files.get(f)).find((f) => !!f) ?? null;
  for (const f of files.values()) if (f !== file) await rm(f.path, { force: true });
  const gid = positiveOrNull(form.get("gid") ?? new URL(request.url).searchParams.get("gid"));
  return { upload: file ? { file } : null, tooLarge: tooLarge.length > 0 && !file, gid };
}

/** Messages as HOJ's rows, their own texts in the request's language (the message centre and /ojapi/msg/*). */
export async function shownMessages(request: Request, records: readonly UserMessageDoc[]) {
  const t = await getT(request, messageNamespaces(records));
  return records.map((m) => messageJson(m, t));
}

/**
 * GET /ojapi/msg/<tab>?currentPage&limit: a page of the signed-in user's messages of one type,
 * newest first; the page's unread ones become read (HOJ's client expects it).
 */
export function messageTabApi(type: MessageType) {
  return apiRoute(async ({ request }: LoaderFunctionArgs) => {
    const q = queryParams(request);
    const user = await requireApiUser(request);
    const limit = queryLimit(MESSAGE_PAGE_SIZE[type], 50).parse(q.limit);
    const current = pageFrom(q.currentPage);
    const page = await listMessages(user._id, type, current, limit);
    return { records: await shownMessages(request, page.records), total: page.total, size: limit, current };
  }, ["community"]);
}
