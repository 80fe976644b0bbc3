import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { listAllTags, publicTagsOj, toHojTag } from "~/services/problem/tags.server";

// GET /ojapi/get-all-problem-tags (oj).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  return (await listAllTags(publicTagsOj(queryParams(request).oj))).map(toHojTag);
});
