import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/http/guards.server";
import { siteRedirect } from "~/http/paths.server";

// /message opens the comments tab (spec: Message redirects to discuss); a visitor logs in first.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return siteRedirect("/message/discuss");
}
