import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiSuperAdmin } from "~/http/api.server";
import { generateUsers, generateUsersSchema } from "~/services/account/admin-users.server";

// POST /ojapi/admin/user/generate-user {prefix, suffix, numberFrom, numberTo, passwordLength}:
// creates the accounts; {key} names the list for GET /ojapi/file/generate-user-excel?key.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiSuperAdmin(request);
  const { key, users } = await generateUsers(user, parseWith(generateUsersSchema, await bodyParams(request)));
  return { key, created: users.filter((u) => u.ok).length, skipped: users.filter((u) => !u.ok).map((u) => u.username) };
}, ["admin-user"]);
