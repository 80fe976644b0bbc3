import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import {
  announcementInputSchema,
  announcementJson,
  announcementOwner,
  announcementUpdateSchema,
  createAnnouncement,
  deleteAnnouncement,
  updateAnnouncement,
} from "~/services/contest/announcements.server";
import { groupOfContest } from "~/services/group/content.server";
import { apiGroupContestAdmin } from "~/http/contest-api.server";

// /ojapi/group/contest-announcement: POST and PUT {announcement, cid} (HOJ's AnnouncementDTO; flat
// fields are taken too), DELETE ?aid: a group contest's announcements, by its admins.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method === "DELETE") {
    const q = queryParams(request);
    const id = inputId(q.aid ?? q.id);
    await deleteAnnouncement(user, id, (await groupOfContest(await announcementOwner(id), user)).manage);
    return null;
  }
  const body = await bodyParams(request);
  const inner = body.announcement && typeof body.announcement === "object" ? (body.announcement as Record<string, unknown>) : body;
  const cid = inputId(body.cid ?? inner.cid);
  const fields = { ...inner, cid, visible: inner.visible ?? (inner.status === undefined ? true : Number(inner.status) === 0) };
  if (request.method === "POST") {
    const input = parseWith(announcementInputSchema, fields);
    return announcementJson(await createAnnouncement((await apiGroupContestAdmin(request, cid)).cs, input));
  }
  if (request.method === "PUT") {
    const input = parseWith(announcementUpdateSchema, { ...fields, id: inputId(inner.id) });
    await updateAnnouncement(user, input, (await groupOfContest(cid, user)).manage);
    return null;
  }
  throw new DomainError("invalid", "errors.badRequest");
}, ["group", "contest"]);
