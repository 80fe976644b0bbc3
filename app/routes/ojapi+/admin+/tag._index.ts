import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams, requireApiAdmin } from "~/http/api.server";
import { DomainError } from "~/services/errors.server";
import { createTag, deleteTag, toHojTag, updateTag } from "~/services/problem/tags.server";
import { inputId } from "~/http/ids.server";

// POST {name, color, oj, tcid}: add a tag; PUT {id, …}: change it; DELETE ?tid: delete it.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  await requireApiAdmin(request);
  if (request.method === "DELETE") {
    const q = { ...queryParams(request), ...(await bodyParams(request)) } as Record<string, unknown>;
    await deleteTag(inputId(q.tid ?? q.id));
    return null;
  }
  const body = await bodyParams(request);
  if (request.method === "POST") return toHojTag(await createTag(body));
  if (request.method === "PUT") return toHojTag(await updateTag(inputId(body.id), body));
  throw new DomainError("invalid", "common:errors.badRequest");
}, ["admin-problem"]);
