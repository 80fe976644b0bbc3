import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiAdmin } from "~/http/api.server";
import { compileEndpoint } from "~/http/problem-api.server";

// POST {code, language, extraFiles}: compile check only (nothing is saved).
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  await requireApiAdmin(request);
  return compileEndpoint(request, "spj");
}, ["admin-problem"]);
