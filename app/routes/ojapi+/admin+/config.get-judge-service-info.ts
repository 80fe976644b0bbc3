import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiAdmin } from "~/http/api.server";
import { judgeServiceEntries } from "~/services/site/system-info.server";

// GET /ojapi/admin/config/get-judge-service-info (admin roles, as HOJ): the live judges, each with
// HOJ's `service` entry (`service.metadata.judgeName`, `service.metadata['nacos.healthy']`).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  return judgeServiceEntries();
}, ["admin"]);
