import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { announcementJson, unreadAnnouncements } from "~/services/contest/announcements.server";

const schema = z.object({ readAnnouncementList: z.array(z.coerce.number().int()).max(1000).catch([]).default([]) });

// POST /ojapi/get-contest-not-read-announcement {cid, readAnnouncementList}: visible announcements not read yet.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const body = await bodyParams(request);
  const cid = inputId(body.cid);
  const { readAnnouncementList } = parseWith(schema, body);
  return (await unreadAnnouncements(await requireApiUser(request), cid, readAnnouncementList)).map(announcementJson);
}, ["contest"]);
