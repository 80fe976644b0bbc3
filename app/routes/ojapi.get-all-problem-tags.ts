import type { LoaderFunctionArgs } from "@remix-run/node";
import { OWN_OJ } from "~/lib/problem";
import { apiRoute, queryParams } from "~/services/api.server";
import { listAllTags, tagJson } from "~/services/tags.server";

// GET /ojapi/get-all-problem-tags (oj).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const oj = (queryParams(request).oj ?? "").trim().toUpperCase();
  return (await listAllTags(!oj || oj === "ALL" || oj === "MINE" ? OWN_OJ : oj)).map(tagJson);
});
