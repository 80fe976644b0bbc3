import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiAdmin } from "~/http/api.server";
import { importEndpoint } from "~/http/problem-api.server";

// POST multipart `file` (?onConflict=refuse|suffix): imports problems; answers the report of
// every problem imported or refused.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiAdmin(request);
  return importEndpoint(request, "fps", user);
}, ["admin-problem"]);
