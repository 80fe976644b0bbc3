import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiAdmin } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import {
  announcementInputSchema,
  announcementJson,
  announcementUpdateSchema,
  createAnnouncement,
  deleteAnnouncement,
  listAnnouncementsForAdmin,
  updateAnnouncement,
} from "~/services/contest/announcements.server";
import { apiContestAdmin } from "~/http/contest-api.server";

// /ojapi/admin/contest/announcement: GET ?cid&currentPage&limit, POST and PUT {announcement, cid}
// (HOJ's AnnouncementDTO; flat fields are taken too), DELETE ?aid.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { cs } = await apiContestAdmin(request, q.cid, null);
  const all = await listAnnouncementsForAdmin(cs);
  const limit = Math.min(Math.max(Number(q.limit) || 10, 1), 100);
  const current = Math.max(Number(q.currentPage) || 1, 1);
  return { records: all.slice((current - 1) * limit, current * limit).map(announcementJson), total: all.length, size: limit, current };
}, ["contest"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  // HOJ's admin calls ask for the role before they read the body or look the announcement up.
  const user = await requireApiAdmin(request, "contest:notAdmin");
  if (request.method === "DELETE") {
    const q = queryParams(request);
    await deleteAnnouncement(user, inputId(q.aid ?? q.id), null);
    return null;
  }
  const body = await bodyParams(request);
  const inner = body.announcement && typeof body.announcement === "object" ? (body.announcement as Record<string, unknown>) : body;
  const cid = inputId(body.cid ?? inner.cid);
  const fields = { ...inner, cid, visible: inner.visible ?? (inner.status === undefined ? true : Number(inner.status) === 0) };
  if (request.method === "POST") return announcementJson(await createAnnouncement((await apiContestAdmin(request, cid, null)).cs, parseWith(announcementInputSchema, fields)));
  if (request.method === "PUT") {
    await updateAnnouncement(user, parseWith(announcementUpdateSchema, { ...fields, id: inputId(inner.id) }), null);
    return null;
  }
  throw new DomainError("invalid", "errors.badRequest");
}, ["contest"]);
