import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { getCurrentUser } from "~/services/account/session.server";
import { inputId } from "~/http/ids.server";
import { groupAnnouncementListSchema, listGroupAnnouncements } from "~/services/group/announcements.server";

// GET /ojapi/group/get-announcement-list (currentPage, limit, gid): the group's visible announcements, for its members.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  return listGroupAnnouncements(await getCurrentUser(request), inputId(q.gid), parseWith(groupAnnouncementListSchema, q));
}, ["group", "group-activity", "community"]);
