import type { LoaderFunctionArgs } from "@remix-run/node";
import { zipResponse } from "~/http/download.server";
import { flash } from "~/http/flash.server";
import { pathId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { requireAdmin } from "~/http/guards.server";
import { ProblemAdminError } from "~/services/problem/errors.server";
import { exportKattisPackage } from "~/services/problem/package/kattis-export.server";

// One problem as an ICPC (Kattis) problem package zip (problem list).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const pid = pathId(params.problemId);
  try {
    const { fileName, entries } = await exportKattisPackage(pid);
    return zipResponse(fileName, entries);
  } catch (err) {
    if (!(err instanceof ProblemAdminError)) throw err;
    const cookie = await flash(request, { type: "error", key: err.message, params: err.params });
    return siteRedirect("/admin/problems", { headers: { "Set-Cookie": cookie } });
  }
}
