import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams, requireApiAdmin } from "~/http/api.server";
import { DomainError } from "~/services/errors.server";
import { createClassification, deleteClassification, listClassifications, parseOjName, toHojClassification, updateClassification } from "~/services/problem/tags.server";
import { inputId } from "~/http/ids.server";

// GET ?oj: the classifications of an OJ in rank order; POST/PUT a classification; DELETE ?tcid.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  return (await listClassifications(parseOjName(queryParams(request).oj))).map(toHojClassification);
}, ["admin-problem"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  await requireApiAdmin(request);
  if (request.method === "DELETE") {
    const q = { ...queryParams(request), ...(await bodyParams(request)) } as Record<string, unknown>;
    await deleteClassification(inputId(q.tcid ?? q.id));
    return null;
  }
  const body = await bodyParams(request);
  if (request.method === "POST") return toHojClassification(await createClassification(body));
  if (request.method === "PUT") return toHojClassification(await updateClassification(inputId(body.id), body));
  throw new DomainError("invalid", "common:errors.badRequest");
}, ["admin-problem"]);
