import { siteRedirect } from "~/services/paths.server";

// "/" goes to /home (spec section 2).
export function loader() {
  return siteRedirect("/home");
}
