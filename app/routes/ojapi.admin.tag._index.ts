import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, ApiError, bodyParams, queryParams, requireApiAdmin } from "~/services/api.server";
import { createTag, deleteTag, toHojTag, updateTag } from "~/services/tags.server";
import { requirePid } from "~/services/problem-api.server";

// POST {name, color, oj, tcid}: add a tag; PUT {id, …}: change it; DELETE ?tid: delete it.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  await requireApiAdmin(request);
  if (request.method === "DELETE") {
    const q = { ...queryParams(request), ...(await bodyParams(request)) } as Record<string, unknown>;
    await deleteTag(requirePid(q.tid ?? q.id));
    return null;
  }
  const body = await bodyParams(request);
  if (request.method === "POST") return toHojTag(await createTag(body));
  if (request.method === "PUT") return toHojTag(await updateTag(requirePid(body.id), body));
  throw new ApiError(400, "common:errors.badRequest");
}, ["admin-problem"]);
