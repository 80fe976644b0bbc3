import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { addComment, commentInputSchema, deleteComment } from "~/services/community/comments.server";
import { commentPlaceIds } from "~/http/community.server";

// /ojapi/comment: POST {content, did or cid} answers HOJ's CommentVO; DELETE {id, fromUid, did, cid}.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const body = await bodyParams(request);
  if (request.method === "POST") return addComment(user, parseWith(commentInputSchema, { ...body, ...commentPlaceIds(body) }));
  if (request.method === "DELETE") {
    await deleteComment(user, inputId(body.id));
    return null;
  }
  throw new DomainError("invalid", "common:errors.badRequest");
}, ["community"]);
