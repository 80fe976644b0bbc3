import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiAdmin } from "~/http/api.server";
import { serviceInfo } from "~/services/site/system-info.server";

// GET /ojapi/admin/config/get-service-info (admin roles, as HOJ): the web service, its machine's
// load and whether the store and Redis answer.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  return serviceInfo();
}, ["admin"]);
