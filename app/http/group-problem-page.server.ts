import type { LoaderFunctionArgs } from "@remix-run/node";
import type { CurrentUser } from "~/services/account/session.server";
import { DomainError } from "~/services/errors.server";
import { ProblemAdminError } from "~/services/problem/errors.server";
import { groupMemberPageBase, type GroupPageBase } from "./group-page.server";

// The edge of a group's problem editor pages: the group for one of its admins (a member who is not
// gets 403, as the services would refuse them), and the services' refusals as the problem form's
// errors.

export async function groupAdminPageBase(request: Request, params: LoaderFunctionArgs["params"]): Promise<GroupPageBase & { user: CurrentUser }> {
  const base = await groupMemberPageBase(request, params);
  if (!base.view.isAdmin) throw new Response("group:notAdmin", { status: 403 });
  return base;
}

/** Runs a save of the problem form: a refusal of the group's services becomes the form's error. */
export async function asProblemFormRefusal<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof DomainError && !(err instanceof ProblemAdminError)) throw new ProblemAdminError(err.message, undefined, undefined, err.kind, err.params);
    throw err;
  }
}
