import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { announcementJson, listAnnouncements } from "~/services/contest/announcements.server";

// GET /ojapi/get-contest-announcement?cid&currentPage&limit: the contest's announcements, newest first.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const cid = inputId(q.cid);
  const all = await listAnnouncements(await requireApiUser(request), cid);
  const limit = Math.min(Math.max(Number(q.limit) || all.length || 1, 1), 1000);
  const current = Math.max(Number(q.currentPage) || 1, 1);
  return { records: all.slice((current - 1) * limit, current * limit).map(announcementJson), total: all.length, size: limit, current };
}, ["contest"]);
