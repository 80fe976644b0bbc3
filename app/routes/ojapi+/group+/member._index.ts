import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiRoute, bodyParams, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { DomainError } from "~/services/errors.server";
import { applySchema, applyToGroup, changeMemberAuth, memberAuthSchema, removeMember } from "~/services/group/members.server";

// /ojapi/group/member: POST {gid, code, reason} joins or applies; PUT {gid, uid, auth} accepts,
// refuses, promotes or demotes (the group's admins); DELETE ?gid&uid removes a member or an application.

const uidSchema = z.object({ uid: z.string({ required_error: "errors.badRequest" }).trim().min(1, "errors.badRequest").max(64, "errors.badRequest") });

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const query = queryParams(request);
  if (request.method === "DELETE") {
    await removeMember(user, inputId(query.gid), parseWith(uidSchema, query).uid);
    return null;
  }
  const body = { ...query, ...(await bodyParams(request)) };
  const gid = inputId(body.gid);
  if (request.method === "POST") return applyToGroup(user, gid, parseWith(applySchema, body));
  if (request.method === "PUT") {
    await changeMemberAuth(user, gid, parseWith(uidSchema, body).uid, parseWith(memberAuthSchema, body).auth);
    return null;
  }
  throw new DomainError("invalid", "errors.badRequest");
}, ["group"]);
