import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { createDiscussion, deleteDiscussion, discussionInputSchema, discussionUpdateSchema, updateDiscussion } from "~/services/community/discussions.server";

// /ojapi/discussion: POST a new discussion {title, description, content, categoryId, pid}; PUT
// {id, ...} (author only); DELETE ?did (author or admin roles).
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method === "DELETE") {
    await deleteDiscussion(user, inputId(queryParams(request).did));
    return null;
  }
  const body = await bodyParams(request);
  if (request.method === "POST") {
    const d = await createDiscussion(user, parseWith(discussionInputSchema, body));
    return { id: d._id };
  }
  if (request.method === "PUT") {
    await updateDiscussion(user, parseWith(discussionUpdateSchema, { ...body, id: inputId(body.id) }));
    return null;
  }
  throw new DomainError("invalid", "common:errors.badRequest");
}, ["community"]);
