import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { getCurrentUser } from "~/services/account/session.server";
import { problemTagsOf } from "~/services/problem/problems.server";

// GET /ojapi/get-problem-tags?pid=: the tags of one problem the caller may see (HOJ's admin
// problem editor reads them before it shows the form).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  return problemTagsOf(await getCurrentUser(request), inputId(queryParams(request).pid));
}, ["problem"]);
