import type { LoaderFunctionArgs } from "@remix-run/node";
import type { CurrentUser } from "~/services/account/session.server";
import { DomainError } from "~/services/errors.server";
import { env } from "~/services/platform/env.server";
import { administerTraining, resolveTraining, SITE, type TrainingScope } from "~/services/training/scope.server";
import { trainingDetail } from "~/services/training/trainings.server";
import { getT } from "~/services/platform/i18n.server";
import { requireAdmin, requireUser } from "./guards.server";
import { pathId } from "./ids.server";
import { siteRedirect } from "./paths.server";
import { httpStatusOf } from "./status.server";

// The edge of the training pages: the training id from the path (and the group's, for a group's
// training in its group's frame), the login (spec section 6: opening a training needs it), the
// training as the viewer may read it, and a domain refusal as the page's HTTP answer. The rules
// themselves are the access policy's training scope. The same route modules serve
// /training/{tid}/... and /group/{gid}/training/{tid}/...; every address they build starts with
// the `base` this edge answers.

/** A refusal of the training services as a page response (404 shows the site's 404 page). */
export function trainingPageRefusal(err: unknown): Response {
  if (err instanceof DomainError) return new Response(err.message, { status: httpStatusOf(err.kind) });
  throw err;
}

/** Where a training's pages live: its group's frame for a group's training, else the site's. */
export function trainingBasePath(tid: number, gid: number | null): string {
  return gid === null ? `/training/${tid}` : `/group/${gid}/training/${tid}`;
}

export interface TrainingPageBase {
  user: CurrentUser;
  tid: number;
  /** The training as this request meets it: the services are handed this. */
  ts: TrainingScope;
  detail: Awaited<ReturnType<typeof trainingDetail>>;
  /** The training's pages' address without the site's base path (`trainingBasePath`). */
  base: string;
}

/** The rest of a site training address after `/training/{tid}` ("/problems?onlyMine=true"). */
function afterTrainingId(request: Request): string {
  const url = new URL(request.url);
  const prefix = env.basePath.replace(/\/$/, "");
  const path = prefix && url.pathname.startsWith(prefix + "/") ? url.pathname.slice(prefix.length) : url.pathname;
  const rest = /^\/training\/[^/]+(\/.*)?$/.exec(path)?.[1] ?? "";
  return rest + url.search;
}

/**
 * The signed-in viewer and the training of `/training/{trainingId}/...` or
 * `/group/{groupId}/training/{trainingId}/...`: 404 for a hidden or unknown one, and under a group's
 * address for one that is not that group's. A group's training has one home, its group's frame: a
 * page of it asked for at the site's address is sent there (same tab, same query); a form posted
 * there still works and answers with the group's addresses.
 */
export async function trainingPageBase(request: Request, params: LoaderFunctionArgs["params"]): Promise<TrainingPageBase> {
  const user = await requireUser(request);
  const tid = pathId(params.trainingId);
  const gid = params.groupId === undefined ? null : pathId(params.groupId);
  let detail: TrainingPageBase["detail"];
  let ts: TrainingScope;
  try {
    // Read with the path's group as its place first, so a training of another group (or the site's)
    // is not found there whoever asks, before its own group's members-only rule answers.
    ts = await resolveTraining(tid, user, gid === null ? null : { gid });
    detail = await trainingDetail(ts);
  } catch (err) {
    throw trainingPageRefusal(err);
  }
  const base = trainingBasePath(tid, detail.training.gid ?? null);
  if (gid === null && detail.training.gid != null && (request.method === "GET" || request.method === "HEAD")) {
    throw siteRedirect(base + afterTrainingId(request));
  }
  return { user, tid, ts, detail, base };
}

/**
 * A tab's answer to a viewer who may not look inside yet (a private training before registering):
 * the translated reason, to show on the tab with status 403; any other refusal is the page's.
 */
export async function trainingEntryRefusalText(request: Request, err: unknown): Promise<string> {
  if (!(err instanceof DomainError) || err.kind !== "forbidden") throw trainingPageRefusal(err);
  const t = await getT(request, ["training", "common"]);
  return t(err.message, err.params ?? {});
}

/**
 * A site training's admin pages (`/admin/training/{trainingId}/...`): a user of the admin roles who
 * administers it, the training resolved once; a group's training is not found there.
 */
export async function adminTrainingPageBase(request: Request, params: LoaderFunctionArgs["params"]): Promise<{ user: CurrentUser; tid: number; ts: TrainingScope }> {
  const user = await requireAdmin(request);
  const tid = pathId(params.trainingId);
  try {
    return { user, tid, ts: await administerTraining(tid, user, SITE) };
  } catch (err) {
    throw trainingPageRefusal(err);
  }
}
