import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { DomainError } from "~/services/errors.server";
import { setShare, shareSchema, submissionJson } from "~/services/submission/views.server";

// PUT /ojapi/submission (submitId, share): the owner shares or stops sharing the code.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "PUT") throw new DomainError("invalid", "errors.badRequest");
  const user = await requireApiUser(request);
  const input = parseWith(shareSchema, { ...queryParams(request), ...(await bodyParams(request)) });
  const view = await setShare(user, input.submitId, input.share);
  return submissionJson(view, user);
}, ["submission"]);
