import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { createGroup, deleteGroup, groupInputFromHoj, groupInputSchema, groupJson, updateGroup } from "~/services/group/groups.server";

// /ojapi/group: POST creates a group (HOJ's Group in the body; the site's limits apply), PUT changes
// its settings (id in the body; its root), DELETE ?gid disbands it (its owner or a super admin).
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method === "DELETE") {
    await deleteGroup(user, inputId(queryParams(request).gid));
    return null;
  }
  const flat = groupInputFromHoj(await bodyParams(request));
  if (request.method === "POST") return groupJson(await createGroup(user, parseWith(groupInputSchema, flat)), true);
  if (request.method === "PUT") {
    const gid = inputId(flat.id ?? flat.gid);
    return groupJson(await updateGroup(user, gid, parseWith(groupInputSchema, flat)), true);
  }
  throw new DomainError("invalid", "errors.badRequest");
}, ["group"]);
