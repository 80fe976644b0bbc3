import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiRoute, bodyParams, parseWith, requireApiSuperAdmin } from "~/http/api.server";
import { getT } from "~/services/platform/i18n.server";
import { importUsers } from "~/services/account/admin-users.server";

const schema = z.object({ users: z.array(z.array(z.unknown()), { required_error: "admin-user:importEmpty", invalid_type_error: "admin-user:importEmpty" }) });

// POST /ojapi/admin/user/insert-batch-user {users: [[username, password, email, realname, gender,
// nickname, school], …]}: creates each; answers the report of every row (a refused row's reason
// translated).
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiSuperAdmin(request);
  const { users } = parseWith(schema, await bodyParams(request));
  const reports = await importUsers(user, users);
  const t = await getT(request, ["admin-user", "auth", "common"]);
  return {
    total: reports.length,
    success: reports.filter((r) => r.ok).length,
    failed: reports.filter((r) => !r.ok).length,
    rows: reports.map((r) => ({ ...r, error: r.error ? t(r.error) : null })),
  };
}, ["admin-user", "auth"]);
