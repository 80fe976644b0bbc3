import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { checkAcInfo, checkAcSchema } from "~/services/contest/submissions.server";
import { apiContest } from "~/http/contest-api.server";

// PUT /ojapi/check-contest-ac-info {id, checked, cid}: sets an accepted submission's Checked mark.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const input = { ...queryParams(request), ...(await bodyParams(request)) };
  const id = inputId(input.id);
  const { cs } = await apiContest(request, input.cid, null);
  await checkAcInfo(cs, parseWith(checkAcSchema, { ...input, id, cid: cs.contest._id }));
  return null;
}, ["contest"]);
