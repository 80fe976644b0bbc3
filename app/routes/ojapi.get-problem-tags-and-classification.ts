import type { LoaderFunctionArgs } from "@remix-run/node";
import { OWN_OJ } from "~/lib/problem";
import { apiRoute, queryParams } from "~/services/api.server";
import { classificationJson, listTagsAndClassifications, tagJson } from "~/services/tags.server";

// GET /ojapi/get-problem-tags-and-classification (oj): [{classification, tagList}].
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const oj = (queryParams(request).oj ?? "").trim().toUpperCase();
  const list = await listTagsAndClassifications(!oj || oj === "ALL" || oj === "MINE" ? OWN_OJ : oj);
  return list.map((c) => ({ classification: c.classification ? classificationJson(c.classification) : null, tagList: c.tagList.map(tagJson) }));
});
