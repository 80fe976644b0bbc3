import type { LoaderFunctionArgs } from "@remix-run/node";
import { zipResponse } from "~/services/download.server";
import { flash } from "~/services/flash.server";
import { siteRedirect } from "~/services/paths.server";
import { requireAdmin } from "~/services/permissions.server";
import { ProblemAdminError } from "~/services/problem-errors.server";
import { testCaseDownload } from "~/services/problem-export.server";

// The test data of one problem as a zip (problem list and edit page).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  try {
    const { fileName, entries } = await testCaseDownload(Number(params.problemId));
    return zipResponse(fileName, entries);
  } catch (err) {
    if (!(err instanceof ProblemAdminError)) throw err;
    const cookie = await flash(request, { type: "error", key: err.message });
    return siteRedirect("/admin/problems", { headers: { "Set-Cookie": cookie } });
  }
}
