import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { announcementJson, announcementListSchema, listSiteAnnouncements } from "~/services/site/announcements.server";

// GET /ojapi/get-common-announcement (currentPage, limit): a page of the site's visible announcements.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const page = await listSiteAnnouncements(parseWith(announcementListSchema, queryParams(request)));
  return { records: page.records.map(announcementJson), total: page.total, size: page.size, current: page.current };
});
