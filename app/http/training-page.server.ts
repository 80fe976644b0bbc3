import type { LoaderFunctionArgs } from "@remix-run/node";
import type { CurrentUser } from "~/services/account/session.server";
import { DomainError } from "~/services/errors.server";
import { trainingDetail } from "~/services/training/trainings.server";
import { getT } from "~/services/platform/i18n.server";
import { requireUser } from "./guards.server";
import { pathId } from "./ids.server";
import { httpStatusOf } from "./status.server";

// The edge of the training pages: the training id from the path, the login (spec section 6:
// opening a training needs it), the training as the viewer may read it, and a domain refusal as
// the page's HTTP answer. The rules themselves are the access policy's training scope.

/** A refusal of the training services as a page response (404 shows the site's 404 page). */
export function trainingPageRefusal(err: unknown): Response {
  if (err instanceof DomainError) return new Response(err.message, { status: httpStatusOf(err.kind) });
  throw err;
}

export interface TrainingPageBase {
  user: CurrentUser;
  tid: number;
  detail: Awaited<ReturnType<typeof trainingDetail>>;
}

/** The signed-in viewer and the training of `/training/{trainingId}/...`; 404 for a hidden or unknown one. */
export async function trainingPageBase(request: Request, params: LoaderFunctionArgs["params"]): Promise<TrainingPageBase> {
  const user = await requireUser(request);
  const tid = pathId(params.trainingId);
  try {
    return { user, tid, detail: await trainingDetail(tid, user) };
  } catch (err) {
    throw trainingPageRefusal(err);
  }
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
