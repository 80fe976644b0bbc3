import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams, requireApiUser } from "~/http/api.server";
import { DomainError } from "~/services/errors.server";
import { messageTypeOfHoj } from "~/lib/messages";
import { deleteMessages } from "~/services/community/messages.server";

// DELETE /ojapi/msg/clean?type=Discuss|Reply|Like|Sys|Mine&id: one message, or without an id all
// of that type.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") throw new DomainError("invalid", "common:errors.badRequest");
  const user = await requireApiUser(request);
  const params = { ...(await bodyParams(request)), ...queryParams(request) } as Record<string, unknown>;
  const type = messageTypeOfHoj(String(params.type ?? ""));
  if (!type) throw new DomainError("invalid", "common:errors.badRequest");
  const id = typeof params.id === "string" || typeof params.id === "number" ? String(params.id).trim() : "";
  if (id && !/^[0-9a-f]{24}$/i.test(id)) throw new DomainError("notFound", "community:errors.messageNotFound");
  await deleteMessages(user._id, type, id || undefined);
  return null;
}, ["community"]);
