import type { LoaderFunctionArgs } from "@remix-run/node";
import { zipResponse } from "~/http/download.server";
import { flash } from "~/http/flash.server";
import { siteRedirect } from "~/http/paths.server";
import { requireAdmin } from "~/http/guards.server";
import { ProblemAdminError } from "~/services/problem/errors.server";
import { testCaseDownload } from "~/services/problem/export.server";
import { pathId } from "~/http/ids.server";

// The test data of one problem as a zip (problem list and edit page).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const pid = pathId(params.problemId);
  try {
    const { fileName, entries } = await testCaseDownload(pid);
    return zipResponse(fileName, entries);
  } catch (err) {
    if (!(err instanceof ProblemAdminError)) throw err;
    const cookie = await flash(request, { type: "error", key: err.message });
    return siteRedirect("/admin/problems", { headers: { "Set-Cookie": cookie } });
  }
}
