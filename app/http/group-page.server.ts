import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { TFunction } from "i18next";
import { getCurrentUser, type CurrentUser } from "~/services/account/session.server";
import { DomainError } from "~/services/errors.server";
import { groupFor, type GroupView } from "~/services/group/groups.server";
import { loginRedirect } from "./guards.server";
import { pathId } from "./ids.server";
import { httpStatusOf } from "./status.server";

// The edge of the group pages: the group id from the path, the viewer, the group as the access
// policy lets them meet it, and a domain refusal as the page's HTTP answer (a visitor asked to
// sign in is sent to log in). The rules themselves are the policy's group functions.

/** A refusal of the group services as a page response (404 shows the site's 404 page). */
export function groupPageRefusal(request: Request, err: unknown): Response {
  if (err instanceof DomainError) {
    if (err.kind === "unauthenticated") return loginRedirect(request);
    return new Response(err.message, { status: httpStatusOf(err.kind) });
  }
  throw err;
}

export interface GroupPageBase {
  user: CurrentUser | null;
  gid: number;
  view: GroupView;
}

/** The viewer and the group of `/group/{groupId}/...`; refused as the group's home is. */
export async function groupPageBase(request: Request, params: LoaderFunctionArgs["params"]): Promise<GroupPageBase> {
  const gid = pathId(params.groupId);
  const user = await getCurrentUser(request);
  try {
    return { user, gid, view: await groupFor(gid, user) };
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
}

/** As `groupPageBase`, for the tabs only the group's members open (a visitor logs in first). */
export async function groupMemberPageBase(request: Request, params: LoaderFunctionArgs["params"]): Promise<GroupPageBase & { user: CurrentUser }> {
  const base = await groupPageBase(request, params);
  if (!base.user) throw loginRedirect(request);
  if (!base.view.isMember) throw new Response("group:notMember", { status: 403 });
  return base as GroupPageBase & { user: CurrentUser };
}

/** Runs a write of a page's action; a domain refusal becomes the form's translated error. */
export async function formAttempt<T>(t: TFunction, fn: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    if (err instanceof DomainError) return { ok: false, response: json({ error: t(err.message, err.params ?? {}) }, { status: httpStatusOf(err.kind) }) };
    throw err;
  }
}
