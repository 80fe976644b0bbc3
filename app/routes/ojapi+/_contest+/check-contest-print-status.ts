import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { markPrinted } from "~/services/contest/prints.server";

// PUT /ojapi/check-contest-print-status?id&cid: marks a print request printed.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const input = { ...queryParams(request), ...(await bodyParams(request)) };
  const id = inputId(input.id);
  const cid = inputId(input.cid);
  await markPrinted(await requireApiUser(request), id, cid, null);
  return null;
}, ["contest"]);
