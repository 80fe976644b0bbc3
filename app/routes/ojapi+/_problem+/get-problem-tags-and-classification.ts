import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { listTagsAndClassifications, publicTagsOj, toHojClassification, toHojTag } from "~/services/problem/tags.server";

// GET /ojapi/get-problem-tags-and-classification (oj): [{classification, tagList}].
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const list = await listTagsAndClassifications(publicTagsOj(queryParams(request).oj));
  return list.map((c) => ({ classification: c.classification ? toHojClassification(c.classification) : null, tagList: c.tagList.map(toHojTag) }));
});
