import type { LoaderFunctionArgs } from "@remix-run/node";
import { zipResponse } from "~/http/download.server";
import { flash } from "~/http/flash.server";
import { siteRedirect } from "~/http/paths.server";
import { requireAdmin } from "~/http/guards.server";
import { ProblemAdminError } from "~/services/problem/errors.server";
import { exportProblems, parsePidList } from "~/services/problem/export.server";

// Selected problems as a HOJ problem archive: GET ?pid=1&pid=2 (or pids=1-5,8).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  try {
    const pids = parsePidList([...url.searchParams.getAll("pid"), ...url.searchParams.getAll("pids")]);
    const { fileName, entries } = await exportProblems(pids);
    return zipResponse(fileName, entries);
  } catch (err) {
    if (!(err instanceof ProblemAdminError)) throw err;
    const cookie = await flash(request, { type: "error", key: err.message, params: err.params });
    return siteRedirect("/admin/problem/batch-operation", { headers: { "Set-Cookie": cookie } });
  }
}
