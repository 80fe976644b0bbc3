import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { groupAnnouncementListSchema, listGroupAnnouncementsForAdmin } from "~/services/group/announcements.server";

// GET /ojapi/group/get-admin-announcement-list (currentPage, limit, gid): every announcement of the group, for its admins.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const q = queryParams(request);
  return listGroupAnnouncementsForAdmin(user, inputId(q.gid), parseWith(groupAnnouncementListSchema, q));
}, ["group", "group-activity", "community"]);
