import type { LoaderFunctionArgs } from "@remix-run/node";
import { zipResponse } from "~/http/download.server";
import { groupAdminPageBase } from "~/http/group-content-page.server";
import { groupPageRefusal } from "~/http/group-page.server";
import { pathId } from "~/http/ids.server";
import { acceptedSubmissionFiles, acSubmissionZipSchema } from "~/services/contest/submissions.server";

// The accepted submissions of a group's contest as a zip (its admin list's download): a folder per
// user or per problem, admins' own left out when asked. The contest's admins in the group only.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, admin } = await groupAdminPageBase(request, params);
  const cid = pathId(params.contestId);
  const sp = new URL(request.url).searchParams;
  const q = acSubmissionZipSchema.parse({ cid, excludeAdmin: sp.get("excludeAdmin") ?? undefined, splitType: sp.get("splitType") ?? undefined });
  try {
    const files = await acceptedSubmissionFiles(user, q, admin.manage);
    return zipResponse(files.fileName, files.entries);
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
}
