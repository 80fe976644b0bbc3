import type { LoaderFunctionArgs } from "@remix-run/node";
import { zipResponse } from "~/http/download.server";
import { groupContestAdminBase } from "~/http/group-content-page.server";
import { groupPageRefusal } from "~/http/group-page.server";
import { acceptedSubmissionFiles, acSubmissionZipSchema } from "~/services/contest/submissions.server";

// The accepted submissions of a group's contest as a zip (its admin list's download): a folder per
// user or per problem, admins' own left out when asked. The contest's admins in the group only.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cid, cs } = await groupContestAdminBase(request, params);
  const sp = new URL(request.url).searchParams;
  const q = acSubmissionZipSchema.parse({ cid, excludeAdmin: sp.get("excludeAdmin") ?? undefined, splitType: sp.get("splitType") ?? undefined });
  try {
    const files = await acceptedSubmissionFiles(cs, q);
    return zipResponse(files.fileName, files.entries);
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
}
