import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { contestInputSchema, createContest, deleteContest, loadContest, requireContestAdmin, updateContest } from "~/services/contest/contests.server";
import { adminContestJson } from "~/services/contest/views.server";

// /ojapi/admin/contest: GET ?cid (AdminContestVO), POST (create), PUT (edit; id in the body),
// DELETE ?cid. The body is HOJ's AdminContestVO.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const cid = inputId(queryParams(request).cid);
  const user = await requireApiUser(request);
  const contest = await loadContest(cid);
  requireContestAdmin(user, contest);
  return adminContestJson(contest);
}, ["contest"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method === "DELETE") {
    await deleteContest(user, inputId(queryParams(request).cid));
    return null;
  }
  const body = await bodyParams(request);
  if (request.method === "POST") return adminContestJson(await createContest(user, parseWith(contestInputSchema, body)));
  if (request.method === "PUT") return adminContestJson(await updateContest(user, inputId(body.id), parseWith(contestInputSchema, body)));
  throw new DomainError("invalid", "errors.badRequest");
}, ["contest"]);
