import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiAdmin } from "~/http/api.server";
import { listAdminProblemsForHoj } from "~/services/problem/admin.server";

// GET ?limit&currentPage&keyword&auth: the admin problem list, HOJ's page shape.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const q = queryParams(request);
  const auth = q.auth ? Number(q.auth) : undefined;
  return listAdminProblemsForHoj({ keyword: q.keyword, page: Number(q.currentPage) || 1, limit: Number(q.limit) || undefined, auth });
}, ["admin-problem"]);
