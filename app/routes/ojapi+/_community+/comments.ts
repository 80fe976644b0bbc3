import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { getCurrentUser } from "~/services/account/session.server";
import { listComments } from "~/services/community/comments.server";
import { commentPlaceIds } from "~/http/community.server";
import { pageFrom } from "~/lib/format";
import { queryLimit } from "~/services/platform/validation.server";

// GET /ojapi/comments?did or cid, currentPage, limit: {commentList: {records, total}, commentLikeMap}.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { commentList, commentLikeMap } = await listComments(await getCurrentUser(request), commentPlaceIds(q), pageFrom(q.currentPage), queryLimit(10).parse(q.limit));
  return { commentList, commentLikeMap };
}, ["community"]);
