import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminContestPageBase, contestPageRefusal } from "~/http/contest-page.server";
import { zipResponse } from "~/http/download.server";
import { icpcContest } from "~/services/icpc/access.server";
import { contestPackage } from "~/services/icpc/endpoints.server";

// The contest as the ICPC Contest Package (a zip of the Contest API's objects, its event feed and
// the submitted code), as its admins read the API: the admin table's download.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, cid } = await adminContestPageBase(request, params);
  try {
    const files = await contestPackage(await icpcContest(cid, user));
    return zipResponse(`contest-${cid}-icpc.zip`, files);
  } catch (err) {
    throw contestPageRefusal(err);
  }
}
