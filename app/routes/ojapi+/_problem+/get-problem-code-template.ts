import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { getCurrentUser } from "~/services/account/session.server";
import { problemCodeTemplatesOf } from "~/services/problem/problems.server";

// GET /ojapi/get-problem-code-template?pid=: the code templates of one problem the caller may see
// (HOJ's problem page and its admin problem editor).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  return problemCodeTemplatesOf(await getCurrentUser(request), inputId(queryParams(request).pid));
}, ["problem"]);
