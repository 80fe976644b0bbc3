import type { LoaderFunctionArgs } from "@remix-run/node";
import type { CurrentUser } from "~/services/account/session.server";
import { administerContest, resolveContest, SITE, type ContestScope } from "~/services/contest/scope.server";
import { contestInfo } from "~/services/contest/views.server";
import { DomainError } from "~/services/errors.server";
import { requireAdmin, requireUser } from "./guards.server";
import { pathId } from "./ids.server";
import { httpStatusOf } from "./status.server";

// The edge of the contest pages: the contest id from the path, the login (spec section 2: opening
// a contest needs it), the contest as the viewer may read it, and a domain refusal as the page's
// HTTP answer. The rules themselves are the access policy's contest scope.

/** A refusal of the contest services as a page response (404 shows the site's 404 page). */
export function contestPageRefusal(err: unknown): Response {
  if (err instanceof DomainError) return new Response(err.message, { status: httpStatusOf(err.kind) });
  throw err;
}

export interface ContestPageBase {
  user: CurrentUser;
  cid: number;
  /** The contest as this request meets it: the services are handed this. */
  cs: ContestScope;
  info: Awaited<ReturnType<typeof contestInfo>>;
  /** The viewer administers the contest (super admin, author, the group's root): the policy's answer. */
  admin: boolean;
  /** The viewer may rejudge its problems: the policy's answer. */
  mayRejudge: boolean;
}

/**
 * The signed-in viewer and the contest of `/contest/{contestId}/...`, resolved once; 404 for a
 * hidden or unknown one.
 */
export async function contestPageBase(request: Request, params: LoaderFunctionArgs["params"]): Promise<ContestPageBase> {
  const user = await requireUser(request);
  const cid = pathId(params.contestId);
  try {
    const cs = await resolveContest(cid, user, null);
    const info = await contestInfo(cs);
    return { user, cid, cs, info, admin: cs.standing.admin, mayRejudge: cs.standing.mayRejudge };
  } catch (err) {
    throw contestPageRefusal(err);
  }
}

/**
 * A site contest's admin pages (`/admin/contest/{contestId}/...`): a user of the admin roles who
 * administers it, the contest resolved once; a group's contest is not found there.
 */
export async function adminContestPageBase(request: Request, params: LoaderFunctionArgs["params"]): Promise<{ user: CurrentUser; cid: number; cs: ContestScope }> {
  const user = await requireAdmin(request);
  const cid = pathId(params.contestId);
  try {
    return { user, cid, cs: await administerContest(cid, user, SITE) };
  } catch (err) {
    throw contestPageRefusal(err);
  }
}
