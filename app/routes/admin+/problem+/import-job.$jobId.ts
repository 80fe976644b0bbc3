import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/http/guards.server";
import { getImportJob } from "~/services/problem/import.server";
import { mayFollowImportJob } from "~/services/access/policy.server";

// Progress of a background import, polled by the batch page.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const job = await getImportJob(params.jobId ?? "");
  if (!job || !mayFollowImportJob(user, job)) return json({ job: null }, { status: 404, headers: { "Cache-Control": "no-store" } });
  return json({ job }, { headers: { "Cache-Control": "no-store" } });
}
