import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { registerContest, registerContestSchema } from "~/services/contest/contests.server";

// POST /ojapi/register-contest {cid, password}: registers with the contest's password.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const body = await bodyParams(request);
  const cid = inputId(body.cid);
  await registerContest(user, parseWith(registerContestSchema, { ...body, cid }));
  return null;
}, ["contest"]);
