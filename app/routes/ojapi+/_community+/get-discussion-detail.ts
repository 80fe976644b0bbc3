import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { getCurrentUser } from "~/services/account/session.server";
import { discussionDetail } from "~/services/community/discussions.server";

// GET /ojapi/get-discussion-detail?did: HOJ's DiscussionVO (the view is counted).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const did = inputId(queryParams(request).did);
  return (await discussionDetail(await getCurrentUser(request), did)).discussion;
}, ["community"]);
