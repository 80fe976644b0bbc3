import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiAdmin } from "~/http/api.server";
import { zipResponse } from "~/http/download.server";
import { testCaseDownload } from "~/services/problem/export.server";
import { inputId } from "~/http/ids.server";

// GET ?pid: the problem's test data as a zip (a JSON error when there is none).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const { fileName, entries } = await testCaseDownload(inputId(queryParams(request).pid));
  return zipResponse(fileName, entries);
}, ["admin-problem"]);
