import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiRoute, bodyParams, parseWith } from "~/http/api.server";
import { announcementJson, unreadAnnouncements } from "~/services/contest/announcements.server";
import { apiContest } from "~/http/contest-api.server";

const schema = z.object({ readAnnouncementList: z.array(z.coerce.number().int()).max(1000).catch([]).default([]) });

// POST /ojapi/get-contest-not-read-announcement {cid, readAnnouncementList}: visible announcements not read yet.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const body = await bodyParams(request);
  const { cs } = await apiContest(request, body.cid, null);
  const { readAnnouncementList } = parseWith(schema, body);
  return (await unreadAnnouncements(cs, readAnnouncementList)).map(announcementJson);
}, ["contest"]);
