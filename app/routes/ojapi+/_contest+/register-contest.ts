import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith } from "~/http/api.server";
import { registerContest, registerContestSchema } from "~/services/contest/contests.server";
import { apiContest } from "~/http/contest-api.server";
import { clientOf } from "~/http/account.server";

// POST /ojapi/register-contest {cid, password}: registers with the contest's password.
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const body = await bodyParams(request);
  const { cs } = await apiContest(request, body.cid, null);
  await registerContest(cs, parseWith(registerContestSchema, { ...body, cid: cs.contest._id }), clientOf(request, context).ip);
  return null;
}, ["contest"]);
