import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiSuperAdmin } from "~/services/api.server";
import { judgeServiceInfo } from "~/services/languages.server";

// GET /ojapi/admin/config/get-judge-service-info: the live judges (super admin).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiSuperAdmin(request);
  return judgeServiceInfo();
});
