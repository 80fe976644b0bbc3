import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { checkAcInfo, checkAcSchema } from "~/services/contest/submissions.server";

// PUT /ojapi/check-contest-ac-info {id, checked, cid}: sets an accepted submission's Checked mark.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const input = { ...queryParams(request), ...(await bodyParams(request)) };
  const id = inputId(input.id);
  const cid = inputId(input.cid);
  await checkAcInfo(await requireApiUser(request), parseWith(checkAcSchema, { ...input, id, cid }));
  return null;
}, ["contest"]);
