import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { contestInputSchema, createContest, deleteContest, loadContest, requireContestAdmin, updateContest } from "~/services/contest/contests.server";
import { adminContestJson } from "~/services/contest/views.server";
import { groupContentFor, groupOfContest } from "~/services/group/content.server";

// /ojapi/group/contest: GET ?cid (AdminContestVO), POST (create in the body's gid), PUT (edit; id
// in the body), DELETE ?cid. The body is HOJ's AdminContestVO. The group's admins add; the author
// or its root edit and delete.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const cid = inputId(queryParams(request).cid);
  const user = await requireApiUser(request);
  const { manage } = await groupOfContest(cid, user);
  const contest = await loadContest(cid, manage);
  requireContestAdmin(user, contest, manage);
  return adminContestJson(contest);
}, ["contest", "group"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method === "DELETE") {
    const cid = inputId(queryParams(request).cid);
    await deleteContest(user, cid, (await groupOfContest(cid, user)).manage);
    return null;
  }
  const body = await bodyParams(request);
  if (request.method === "POST") {
    const admin = await groupContentFor(inputId(body.gid), user);
    return adminContestJson(await createContest(user, parseWith(contestInputSchema, body), admin.create));
  }
  if (request.method === "PUT") {
    const cid = inputId(body.id);
    const admin = await groupOfContest(cid, user);
    return adminContestJson(await updateContest(user, cid, parseWith(contestInputSchema, body), admin.manage));
  }
  throw new DomainError("invalid", "errors.badRequest");
}, ["contest", "group"]);
