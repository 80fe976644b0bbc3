import type { ActionFunctionArgs } from "@remix-run/node";
import { ApiError, apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/services/api.server";
import { setShare, shareSchema, submissionJson } from "~/services/submission-views.server";

// PUT /ojapi/submission (submitId, share): the owner shares or stops sharing the code.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "PUT") throw new ApiError(400, "errors.badRequest");
  const user = await requireApiUser(request);
  const input = parseWith(shareSchema, { ...queryParams(request), ...(await bodyParams(request)) });
  const view = await setShare(user, input.submitId, input.share);
  return submissionJson(view, user);
}, ["submission"]);
