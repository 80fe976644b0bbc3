import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiAdmin } from "~/services/api.server";
import { zipResponse } from "~/services/download.server";
import { requirePid } from "~/services/problem-api.server";
import { testCaseDownload } from "~/services/problem-export.server";

// GET ?pid: the problem's test data as a zip (a JSON error when there is none).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const { fileName, entries } = await testCaseDownload(requirePid(queryParams(request).pid));
  return zipResponse(fileName, entries);
}, ["admin-problem"]);
