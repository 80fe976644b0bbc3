import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { truthy } from "~/http/community.server";
import { likeComment } from "~/services/community/comments.server";

// GET /ojapi/comment-like?cid (the comment's id, in HOJ's naming)&toLike&sourceId&sourceType.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const user = await requireApiUser(request);
  await likeComment(user, inputId(q.cid), truthy(q.toLike));
  return null;
}, ["community"]);
