import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith } from "~/http/api.server";
import { printInputSchema, submitPrint } from "~/services/contest/prints.server";
import { apiContest } from "~/http/contest-api.server";

// POST /ojapi/submit-print-text {cid, content}: asks for text to be printed (at least 50 characters).
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const body = await bodyParams(request);
  const { cs } = await apiContest(request, body.cid, null);
  await submitPrint(cs, parseWith(printInputSchema, { ...body, cid: cs.contest._id }));
  return null;
}, ["contest"]);
