import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { printInputSchema, submitPrint } from "~/services/contest/prints.server";

// POST /ojapi/submit-print-text {cid, content}: asks for text to be printed (at least 50 characters).
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const body = await bodyParams(request);
  const cid = inputId(body.cid);
  await submitPrint(await requireApiUser(request), parseWith(printInputSchema, { ...body, cid }));
  return null;
}, ["contest"]);
