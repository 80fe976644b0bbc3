import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { deleteMarkdownImage } from "~/services/community/files.server";

// GET /ojapi/file/delete-md-img?fileId: deletes an uploaded picture (HOJ's client uses a GET; the
// token header authenticates it, never a cookie). Its uploader or the admin roles.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  await deleteMarkdownImage(user, inputId(queryParams(request).fileId));
  return null;
}, ["community"]);
