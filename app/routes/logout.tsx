import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { endUserSession } from "~/services/auth-session.server";
import { siteRedirect } from "~/services/paths.server";
import { getCurrentUser } from "~/services/session.server";

// /logout (spec section 2: an auth-required route that "logs out, goes to /home"). The user menu
// posts here; a GET does the same. The session record is deleted, so its cookie is worthless from
// now on. A visitor, like on any auth-required route, goes home with the login opened and "Please
// login first" (without a redirectTo: coming back here after logging in would log out again).

async function logout(request: Request) {
  if (!(await getCurrentUser(request))) return siteRedirect("/home?login=1&notice=pleaseLoginFirst");
  const setCookie = await endUserSession(request, { type: "success", key: "auth:logout.success" });
  return siteRedirect("/home", { headers: { "Set-Cookie": setCookie } });
}

export const loader = ({ request }: LoaderFunctionArgs) => logout(request);
export const action = ({ request }: ActionFunctionArgs) => logout(request);
