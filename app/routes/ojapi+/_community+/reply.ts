import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { getCurrentUser } from "~/services/account/session.server";
import { DomainError } from "~/services/errors.server";
import { addReply, deleteReply, listReplies, replyInputSchema } from "~/services/community/comments.server";

// /ojapi/reply: GET ?commentId&cid every reply the viewer may see; POST {reply: {commentId,
// content, toUid}, did, cid, quoteId, quoteType} answers HOJ's ReplyVO; DELETE {did, reply: {id}}.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  return listReplies(await getCurrentUser(request), inputId(queryParams(request).commentId));
}, ["community"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const body = await bodyParams(request);
  const reply = body.reply && typeof body.reply === "object" ? (body.reply as Record<string, unknown>) : body;
  if (request.method === "POST") {
    return addReply(user, parseWith(replyInputSchema, { ...reply, quoteId: body.quoteId ?? reply.quoteId, quoteType: body.quoteType ?? reply.quoteType }));
  }
  if (request.method === "DELETE") {
    await deleteReply(user, inputId(reply.id));
    return null;
  }
  throw new DomainError("invalid", "common:errors.badRequest");
}, ["community"]);
