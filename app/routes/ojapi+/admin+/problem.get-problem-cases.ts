import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiAdmin } from "~/http/api.server";
import { toHojCases } from "~/services/problem/hoj-problem.server";
import { getProblemForEdit } from "~/services/problem/admin.server";
import { inputId } from "~/http/ids.server";

// GET ?pid: the test cases of a problem (file names, scores, groups).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const { problem } = await getProblemForEdit(inputId(queryParams(request).pid));
  return toHojCases(problem);
}, ["admin-problem"]);
