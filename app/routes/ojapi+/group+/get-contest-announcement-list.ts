import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { announcementJson, listAnnouncementsForAdmin } from "~/services/contest/announcements.server";
import { apiGroupContestAdmin } from "~/http/contest-api.server";

// GET /ojapi/group/get-contest-announcement-list?cid&currentPage&limit: a group contest's
// announcements for its admins (hidden ones too), a page of HOJ's announcement rows.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { cs } = await apiGroupContestAdmin(request, q.cid);
  const all = await listAnnouncementsForAdmin(cs);
  const limit = Math.min(Math.max(Number(q.limit) || 10, 1), 100);
  const current = Math.max(Number(q.currentPage) || 1, 1);
  return { records: all.slice((current - 1) * limit, current * limit).map(announcementJson), total: all.length, size: limit, current };
}, ["group", "contest"]);
