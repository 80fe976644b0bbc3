import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiSuperAdmin } from "~/http/api.server";
import { getSwitches } from "~/services/site/config.server";

// GET /ojapi/admin/switch/info (super admin): register, openPublicDiscussion, openGroupDiscussion,
// openContestComment.
export const loader = apiRoute<LoaderFunctionArgs>(async ({ request }) => {
  await requireApiSuperAdmin(request);
  return getSwitches();
}, ["admin"]);
