import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/services/api.server";
import { lastAcCodeSchema, lastAcceptedCode } from "~/services/problems.server";

// GET /ojapi/get-last-ac-code (pid, cid): {code, language} of the user's latest accepted submission.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return lastAcceptedCode(user, parseWith(lastAcCodeSchema, queryParams(request)));
}, ["problem"]);
