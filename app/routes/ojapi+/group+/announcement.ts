import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { createGroupAnnouncement, deleteGroupAnnouncement, updateGroupAnnouncement } from "~/services/group/announcements.server";
import { announcementInputSchema, announcementJson } from "~/services/site/announcements.server";

// /ojapi/group/announcement (the group's admins): POST {gid, title, content, status} adds one;
// PUT {id, gid, title, content, status} changes it; DELETE ?aid removes it. The group's root
// changes any, its other admins those they wrote.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method === "DELETE") {
    const q = queryParams(request);
    await deleteGroupAnnouncement(user, inputId(q.aid ?? q.id), null);
    return null;
  }
  const body = await bodyParams(request);
  const input = (body.announcement && typeof body.announcement === "object" ? body.announcement : body) as Record<string, unknown>;
  if (request.method === "POST") return announcementJson(await createGroupAnnouncement(user, inputId(input.gid), parseWith(announcementInputSchema, input)));
  if (request.method === "PUT") {
    const gid = input.gid === undefined || input.gid === null || input.gid === "" ? null : inputId(input.gid);
    await updateGroupAnnouncement(user, inputId(input.id), gid, parseWith(announcementInputSchema, input));
    return null;
  }
  throw new DomainError("invalid", "errors.badRequest");
}, ["group", "group-activity", "community"]);
