import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiSuperAdmin } from "~/http/api.server";
import { adminUserJson, listUsers, userListSchema } from "~/services/account/admin-users.server";

// GET /ojapi/admin/user/get-user-list (limit, currentPage, keyword, onlyAdmin): a page of UserRolesVO.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiSuperAdmin(request);
  const page = await listUsers(user, parseWith(userListSchema, queryParams(request)));
  return { records: page.records.map(adminUserJson), total: page.total, size: page.size, current: page.current };
}, ["admin-user"]);
