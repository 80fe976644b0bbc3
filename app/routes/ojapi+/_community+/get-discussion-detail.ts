import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { getCurrentUser } from "~/services/account/session.server";
import { discussionDetail } from "~/services/community/discussions.server";
import { discussionPlaceById } from "~/services/group/discussions.server";

// GET /ojapi/get-discussion-detail?did: HOJ's DiscussionVO (the view is counted), of the site's
// discussions and of a group's (for its members).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const did = inputId(queryParams(request).did);
  const viewer = await getCurrentUser(request);
  return (await discussionDetail(viewer, did, await discussionPlaceById(did, viewer))).discussion;
}, ["community", "group"]);
