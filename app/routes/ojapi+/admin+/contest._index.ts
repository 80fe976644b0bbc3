import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiAdmin } from "~/http/api.server";
import { DomainError } from "~/services/errors.server";
import { contestInputSchema, createContest, deleteContest, updateContest } from "~/services/contest/contests.server";
import { adminContestJson } from "~/services/contest/views.server";
import { apiContestAdmin } from "~/http/contest-api.server";
import { SITE } from "~/services/contest/scope.server";

// /ojapi/admin/contest: GET ?cid (AdminContestVO), POST (create), PUT (edit; id in the body),
// DELETE ?cid. The body is HOJ's AdminContestVO.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const { cs } = await apiContestAdmin(request, queryParams(request).cid, null);
  return adminContestJson(cs.contest);
}, ["contest"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  // HOJ's admin calls ask for the role before they read the body.
  const user = await requireApiAdmin(request, "contest:notAdmin");
  if (request.method === "DELETE") {
    await deleteContest((await apiContestAdmin(request, queryParams(request).cid, null)).cs);
    return null;
  }
  const body = await bodyParams(request);
  if (request.method === "POST") return adminContestJson(await createContest(user, parseWith(contestInputSchema, body), SITE));
  if (request.method === "PUT") return adminContestJson(await updateContest((await apiContestAdmin(request, body.id, null)).cs, parseWith(contestInputSchema, body)));
  throw new DomainError("invalid", "errors.badRequest");
}, ["contest"]);
