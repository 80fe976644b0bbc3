import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { contestLastAcceptedCode } from "~/services/contest/submissions.server";
import { lastAcCodeSchema, lastAcceptedCode } from "~/services/problem/problems.server";
import { resolveContest } from "~/services/contest/scope.server";

// GET /ojapi/get-last-ac-code (pid, cid): {code, language} of the user's latest accepted submission;
// with a cid, in that contest (the contest decides, as its problem page's other calls).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const input = parseWith(lastAcCodeSchema, queryParams(request));
  return input.cid > 0 ? contestLastAcceptedCode(await resolveContest(input.cid, user, null), input.pid) : lastAcceptedCode(user, input);
}, ["problem", "contest"]);
