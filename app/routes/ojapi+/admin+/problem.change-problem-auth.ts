import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams, requireApiAdmin } from "~/http/api.server";
import { changeProblemAuth } from "~/services/problem/admin.server";
import { inputId } from "~/http/ids.server";

// PUT {id, auth}: public 1, private 2, contest 3.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiAdmin(request);
  const body = { ...queryParams(request), ...(await bodyParams(request)) };
  await changeProblemAuth(inputId(body.id ?? body.pid), Number(body.auth), user);
  return null;
}, ["admin-problem"]);
