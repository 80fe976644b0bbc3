import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams, requireApiAdmin } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { deleteDiscussions, moderateDiscussion } from "~/services/community/discussions.server";

// /ojapi/admin/discussion: PUT {id, topPriority, status} pins or disables at once; DELETE
// {didList} (or ?did) deletes a non-empty selection. Admin roles.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiAdmin(request);
  const body = await bodyParams(request);
  if (request.method === "PUT") {
    const change: { topPriority?: boolean; status?: number } = {};
    if (typeof body.topPriority === "boolean") change.topPriority = body.topPriority;
    if (body.status !== undefined && body.status !== null) change.status = Number(body.status) === 1 ? 1 : 0;
    await moderateDiscussion(user, inputId(body.id), change);
    return null;
  }
  if (request.method === "DELETE") {
    const q = queryParams(request);
    const raw = Array.isArray(body.didList) ? body.didList : Array.isArray(body.value) ? body.value : q.did ? [q.did] : [];
    await deleteDiscussions(user, raw.map((v: unknown) => inputId(v)));
    return null;
  }
  throw new DomainError("invalid", "common:errors.badRequest");
}, ["community"]);
