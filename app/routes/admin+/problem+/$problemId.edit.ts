import type { LoaderFunctionArgs } from "@remix-run/node";
import { pathId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";

// /admin/problem/:problemId/edit, the other address spec section 2 gives the problem editor: it
// leads to /admin/problem/edit/:problemId, which checks the admin and the problem.
export function loader({ request, params }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  throw siteRedirect(`/admin/problem/edit/${pathId(params.problemId)}${search}`, { status: 301 });
}
