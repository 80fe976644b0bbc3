import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiSuperAdmin } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { announcementInputSchema, announcementJson, createAnnouncement, deleteAnnouncement, listAnnouncementsForAdmin, updateAnnouncement } from "~/services/site/announcements.server";
import { pageFrom } from "~/lib/format";
import { queryLimit } from "~/services/platform/validation.server";

// /ojapi/admin/announcement (super admin): GET ?currentPage&limit every site announcement; POST
// {title, content, status}; PUT {id, title, content, status}; DELETE ?aid.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  return listAnnouncementsForAdmin(await requireApiSuperAdmin(request), pageFrom(q.currentPage), queryLimit(10, 100).parse(q.limit));
}, ["community"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiSuperAdmin(request);
  if (request.method === "DELETE") {
    const q = queryParams(request);
    await deleteAnnouncement(user, inputId(q.aid ?? q.id));
    return null;
  }
  const body = await bodyParams(request);
  if (request.method === "POST") return announcementJson(await createAnnouncement(user, parseWith(announcementInputSchema, body)));
  if (request.method === "PUT") {
    await updateAnnouncement(user, inputId(body.id), parseWith(announcementInputSchema, body));
    return null;
  }
  throw new DomainError("invalid", "common:errors.badRequest");
}, ["community"]);
