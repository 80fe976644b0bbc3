import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminContestPageBase, contestPageRefusal } from "~/http/contest-page.server";
import { zipResponse } from "~/http/download.server";
import { acceptedSubmissionFiles, acSubmissionZipSchema } from "~/services/contest/submissions.server";

// The accepted submissions of a contest as a zip (the admin table's download): a folder per user
// or per problem, admins' own left out when asked. Contest admins only (the service checks).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cid, cs } = await adminContestPageBase(request, params);
  const sp = new URL(request.url).searchParams;
  const q = acSubmissionZipSchema.parse({ cid, excludeAdmin: sp.get("excludeAdmin") ?? undefined, splitType: sp.get("splitType") ?? undefined });
  try {
    const files = await acceptedSubmissionFiles(cs, q);
    return zipResponse(files.fileName, files.entries);
  } catch (err) {
    throw contestPageRefusal(err);
  }
}
