import { siteRedirect } from "~/http/paths.server";

// Other /admin/* paths go to /admin/login (spec section 2, "Admin area"), for everybody: the login
// page sends a signed-in admin on to the dashboard.

export function loader() {
  return siteRedirect("/admin/login");
}
