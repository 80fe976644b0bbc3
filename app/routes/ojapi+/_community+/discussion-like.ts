import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { truthy } from "~/http/community.server";
import { likeDiscussion } from "~/services/community/discussions.server";

// GET /ojapi/discussion-like?did&toLike (HOJ's client toggles likes with a GET; the token header
// authenticates it, never a cookie).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const user = await requireApiUser(request);
  await likeDiscussion(user, inputId(q.did), truthy(q.toLike));
  return null;
}, ["community"]);
