import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/http/guards.server";
import { siteRedirect } from "~/http/paths.server";

// /admin opens the dashboard. A page route, not a resource route, so that a refusal is shown by
// the admin layout's error page.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return siteRedirect("/admin/dashboard");
}

export default function AdminIndex() {
  return null;
}
