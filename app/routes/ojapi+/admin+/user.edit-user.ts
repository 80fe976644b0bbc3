import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiSuperAdmin } from "~/http/api.server";
import { DomainError } from "~/services/errors.server";
import { editUser, editUserSchema } from "~/services/account/admin-users.server";

// PUT /ojapi/admin/user/edit-user {uid, username, realname, email, password, setNewPwd, type, status,
// titleName, titleColor}: type is the role's numeric code.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "PUT") throw new DomainError("invalid", "errors.badRequest");
  const user = await requireApiSuperAdmin(request);
  await editUser(user, parseWith(editUserSchema, await bodyParams(request)));
  return null;
}, ["admin-user", "auth"]);
