import type { LoaderFunctionArgs } from "@remix-run/node";
import { isContestAdmin } from "~/services/access/policy.server";
import { isSuperAdmin } from "~/services/access/roles.server";
import type { CurrentUser } from "~/services/account/session.server";
import { contestInfo } from "~/services/contest/views.server";
import { DomainError } from "~/services/errors.server";
import { requireUser } from "./guards.server";
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
  info: Awaited<ReturnType<typeof contestInfo>>;
  /** The viewer administers the contest (super admin, author, group admin). */
  admin: boolean;
  superAdmin: boolean;
}

/** The signed-in viewer and the contest of `/contest/{contestId}/...`; 404 for a hidden or unknown one. */
export async function contestPageBase(request: Request, params: LoaderFunctionArgs["params"]): Promise<ContestPageBase> {
  const user = await requireUser(request);
  const cid = pathId(params.contestId);
  try {
    const info = await contestInfo(user, cid);
    return { user, cid, info, admin: isContestAdmin(user, info.contest, info.ctx.groupAdmin), superAdmin: isSuperAdmin(user) };
  } catch (err) {
    throw contestPageRefusal(err);
  }
}
