import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { announcementJson, listAnnouncements } from "~/services/contest/announcements.server";
import { apiContest } from "~/http/contest-api.server";

// GET /ojapi/get-contest-announcement?cid&currentPage&limit: the contest's announcements, newest first.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { cs } = await apiContest(request, q.cid, null);
  const all = await listAnnouncements(cs);
  const limit = Math.min(Math.max(Number(q.limit) || all.length || 1, 1), 1000);
  const current = Math.max(Number(q.currentPage) || 1, 1);
  return { records: all.slice((current - 1) * limit, current * limit).map(announcementJson), total: all.length, size: limit, current };
}, ["contest"]);
