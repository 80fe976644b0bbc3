import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { contestInputSchema, createContest, deleteContest, updateContest } from "~/services/contest/contests.server";
import { adminContestJson } from "~/services/contest/views.server";
import { groupContentFor } from "~/services/group/content.server";
import { apiGroupContestAdmin } from "~/http/contest-api.server";

// /ojapi/group/contest: GET ?cid (AdminContestVO), POST (create in the body's gid), PUT (edit; id
// in the body), DELETE ?cid. The body is HOJ's AdminContestVO. The group's admins add; the author
// or its root edit and delete.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const { cs } = await apiGroupContestAdmin(request, queryParams(request).cid);
  return adminContestJson(cs.contest);
}, ["contest", "group"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  if (request.method === "DELETE") {
    await deleteContest((await apiGroupContestAdmin(request, queryParams(request).cid)).cs);
    return null;
  }
  const body = await bodyParams(request);
  if (request.method === "POST") {
    const admin = await groupContentFor(inputId(body.gid), user);
    return adminContestJson(await createContest(user, parseWith(contestInputSchema, body), admin.create));
  }
  if (request.method === "PUT") {
    return adminContestJson(await updateContest((await apiGroupContestAdmin(request, body.id)).cs, parseWith(contestInputSchema, body)));
  }
  throw new DomainError("invalid", "errors.badRequest");
}, ["contest", "group"]);
