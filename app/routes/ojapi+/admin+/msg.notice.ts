import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiSuperAdmin } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { createNotice, deleteNotice, listNotices, noticeInputSchema, noticeJson, updateNotice } from "~/services/community/notices.server";
import { pageFrom } from "~/lib/format";
import { queryLimit } from "~/services/platform/validation.server";

// /ojapi/admin/msg/notice (super admin): GET ?currentPage&limit&type; POST {title, content, type
// All|Single|Admin, recipient (username, for Single)}; PUT {id, ...}; DELETE ?id.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  return listNotices(await requireApiSuperAdmin(request), pageFrom(q.currentPage), queryLimit(10, 100).parse(q.limit), q.type);
}, ["community"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiSuperAdmin(request);
  if (request.method === "DELETE") {
    await deleteNotice(user, inputId(queryParams(request).id));
    return null;
  }
  const body = await bodyParams(request);
  const input = parseWith(noticeInputSchema, { ...body, recipient: body.recipient ?? body.recipientUsername ?? undefined });
  if (request.method === "POST") return noticeJson(await createNotice(user, input));
  if (request.method === "PUT") {
    await updateNotice(user, inputId(body.id), input);
    return null;
  }
  throw new DomainError("invalid", "common:errors.badRequest");
}, ["community"]);
