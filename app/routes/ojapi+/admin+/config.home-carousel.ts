import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiSuperAdmin } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { removeCarouselImage } from "~/services/site/home.server";

// DELETE /ojapi/admin/config/home-carousel?id: takes a picture out of the carousel. Super admin.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") throw new DomainError("invalid", "common:errors.badRequest");
  const user = await requireApiSuperAdmin(request);
  await removeCarouselImage(user, inputId(queryParams(request).id));
  return null;
}, ["community"]);
