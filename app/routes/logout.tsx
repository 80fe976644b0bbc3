import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { endUserSession } from "~/services/auth-session.server";
import { siteRedirect } from "~/services/paths.server";
import { getCurrentUser } from "~/services/session.server";

// /logout (spec section 2: "logs out, goes to /home"). The user menu posts here; a GET does the
// same. The session record is deleted, so its cookie is worthless from now on.

async function logout(request: Request) {
  const signedIn = !!(await getCurrentUser(request));
  const setCookie = await endUserSession(request, signedIn ? { type: "success", key: "auth:logout.success" } : undefined);
  return siteRedirect("/home", { headers: { "Set-Cookie": setCookie } });
}

export const loader = ({ request }: LoaderFunctionArgs) => logout(request);
export const action = ({ request }: ActionFunctionArgs) => logout(request);
