import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiSuperAdmin } from "~/http/api.server";
import { DomainError } from "~/services/errors.server";
import { deleteUsers, deleteUsersSchema } from "~/services/account/admin-users.server";

// DELETE /ojapi/admin/user/delete-user {ids: [uid…]}: the selection must not be empty.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") throw new DomainError("invalid", "errors.badRequest");
  const user = await requireApiSuperAdmin(request);
  await deleteUsers(user, parseWith(deleteUsersSchema, await bodyParams(request)));
  return null;
}, ["admin-user"]);
