import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { truthy } from "~/http/community.server";
import { inputId } from "~/http/ids.server";
import { createDiscussion, deleteDiscussion, discussionInputSchema, discussionUpdateSchema, moderateDiscussion, updateDiscussion } from "~/services/community/discussions.server";
import { DomainError } from "~/services/errors.server";
import { discussionGroupPlace, groupDiscussionPlace } from "~/services/group/discussions.server";

// /ojapi/group/discussion: POST {gid, title, description, content, categoryId, pid} (a member);
// PUT {id, title, ...} (its author) or {id, topPriority | status} (the group's admins);
// DELETE ?did (its author or the group's admins).
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method === "DELETE") {
    const did = inputId(queryParams(request).did);
    await deleteDiscussion(user, did, await discussionGroupPlace(did, user));
    return null;
  }
  const body = await bodyParams(request);
  if (request.method === "POST") {
    const place = await groupDiscussionPlace(inputId(body.gid), user);
    const d = await createDiscussion(user, parseWith(discussionInputSchema, body), place);
    return { id: d._id };
  }
  if (request.method === "PUT") {
    const did = inputId(body.id);
    const place = await discussionGroupPlace(did, user);
    if (body.title === undefined && (body.topPriority !== undefined || body.status !== undefined)) {
      await moderateDiscussion(user, did, { topPriority: body.topPriority === undefined ? undefined : truthy(body.topPriority), status: body.status === undefined ? undefined : Number(body.status) }, place);
      return null;
    }
    await updateDiscussion(user, parseWith(discussionUpdateSchema, { ...body, id: did }), place);
    return null;
  }
  throw new DomainError("invalid", "common:errors.badRequest");
}, ["group", "community"]);
