import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiAdmin } from "~/http/api.server";
import { previousSignIn } from "~/services/site/dashboard.server";

// POST /ojapi/admin/dashboard/get-sessions (admin roles): the caller's previous sign-in (time, IP,
// browser), HOJ's "Last login".
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiAdmin(request);
  return previousSignIn(user._id);
}, ["admin"]);
