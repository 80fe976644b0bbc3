import { siteRedirect } from "~/http/paths.server";

// "/" goes to /home (spec section 2).
export function loader() {
  return siteRedirect("/home");
}
