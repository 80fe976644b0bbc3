import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, ApiError, bodyParams, queryParams, requireApiAdmin } from "~/services/api.server";
import { requirePid } from "~/services/problem-api.server";
import { createClassification, deleteClassification, listClassifications, toHojClassification, updateClassification } from "~/services/tags.server";

// GET ?oj: the classifications of an OJ in rank order; POST/PUT a classification; DELETE ?tcid.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const oj = queryParams(request).oj;
  return (await listClassifications(oj && /^[A-Za-z0-9_-]{1,20}$/.test(oj) ? oj : undefined)).map(toHojClassification);
}, ["admin-problem"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  await requireApiAdmin(request);
  if (request.method === "DELETE") {
    const q = { ...queryParams(request), ...(await bodyParams(request)) } as Record<string, unknown>;
    await deleteClassification(requirePid(q.tcid ?? q.id));
    return null;
  }
  const body = await bodyParams(request);
  if (request.method === "POST") return toHojClassification(await createClassification(body));
  if (request.method === "PUT") return toHojClassification(await updateClassification(requirePid(body.id), body));
  throw new ApiError(400, "common:errors.badRequest");
}, ["admin-problem"]);
