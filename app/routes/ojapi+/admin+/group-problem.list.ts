import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiAdmin } from "~/http/api.server";
import { applicationListSchema, listGroupProblemApplications } from "~/services/group/problems.server";

// GET /ojapi/admin/group-problem/list (currentPage, limit, keyword, gid): group problems that
// applied to join the bank, pending first (the admin roles).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiAdmin(request);
  return listGroupProblemApplications(user, parseWith(applicationListSchema, queryParams(request)));
}, ["group-problem"]);
