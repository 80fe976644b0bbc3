import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiAdmin } from "~/http/api.server";
import { zipResponse } from "~/http/download.server";
import { exportProblems, parsePidList } from "~/services/problem/export.server";

// GET ?pid=1&pid=2…: the problems as a HOJ problem archive.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  const url = new URL(request.url);
  const { fileName, entries } = await exportProblems(parsePidList([...url.searchParams.getAll("pid"), ...url.searchParams.getAll("pidList")]));
  return zipResponse(fileName, entries);
}, ["admin-problem"]);
