import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { pageFrom } from "~/lib/format";
import type { CurrentUser } from "~/services/account/session.server";
import { DomainError } from "~/services/errors.server";
import { checkReport, listChecks, pairDetail, startCheck, startCheckSchema } from "~/services/similarity/checks.server";
import { contestSimilarityPlace, groupSimilarityPlace, trainingSimilarityPlace, type SimilarityPlace } from "~/services/similarity/places.server";
import { getT } from "~/services/platform/i18n.server";
import { formObject, validate } from "~/services/platform/validation.server";
import { groupFor } from "~/services/group/groups.server";
import { contestPageBase } from "./contest-page.server";
import { flash } from "./flash.server";
import { loginRedirect, requireUser } from "./guards.server";
import { pathId } from "./ids.server";
import { siteRedirect } from "./paths.server";
import { httpStatusOf } from "./status.server";
import { trainingPageBase } from "./training-page.server";

// The edge of the similarity pages of a contest, a training (at the site's address or in its
// group's frame) and a group's problem set: the place from the path, resolved for the signed-in
// viewer and refused by the access policy to all but its admins and the site's admins (404: the
// report's existence is not told); the start form's POST; the report and the side-by-side pair.

export interface SimilarityBase {
  user: CurrentUser;
  place: SimilarityPlace;
  /** The page's address without the site's base path. */
  path: string;
}

function refusal(request: Request, err: unknown): Response {
  if (err instanceof DomainError) {
    if (err.kind === "unauthenticated") return loginRedirect(request);
    return new Response(err.message, { status: httpStatusOf(err.kind) });
  }
  throw err;
}

/** `/contest/{contestId}/similarity`. */
export async function contestSimilarityBase(request: Request, params: LoaderFunctionArgs["params"]): Promise<SimilarityBase> {
  const base = await contestPageBase(request, params);
  try {
    return { user: base.user, place: await contestSimilarityPlace(base.cs), path: `/contest/${base.cid}/similarity` };
  } catch (err) {
    throw refusal(request, err);
  }
}

/** `/training/{trainingId}/similarity` and `/group/{groupId}/training/{trainingId}/similarity`. */
export async function trainingSimilarityBase(request: Request, params: LoaderFunctionArgs["params"]): Promise<SimilarityBase> {
  const base = await trainingPageBase(request, params);
  try {
    return { user: base.user, place: await trainingSimilarityPlace(base.user, base.detail.ctx), path: `${base.base}/similarity` };
  } catch (err) {
    throw refusal(request, err);
  }
}

/** `/group/{groupId}/similarity`: the group's own problems. */
export async function groupSimilarityBase(request: Request, params: LoaderFunctionArgs["params"]): Promise<SimilarityBase> {
  const user = await requireUser(request);
  const gid = pathId(params.groupId);
  try {
    const view = await groupFor(gid, user);
    return { user, place: await groupSimilarityPlace(user, view.ctx), path: `/group/${gid}/similarity` };
  } catch (err) {
    throw refusal(request, err);
  }
}

/** The report page's data: the start form's problems, the checks, the chosen check's page of pairs. */
export async function similarityPageData(request: Request, base: SimilarityBase) {
  const sp = new URL(request.url).searchParams;
  const { checks, running } = await listChecks(base.place);
  const chosen = sp.get("check");
  let checkId: number | null = checks[0]?.id ?? null;
  if (chosen !== null) {
    checkId = /^[1-9]\d{0,14}$/.test(chosen) ? Number(chosen) : null;
    if (checkId === null) throw new Response("similarity:checkNotFound", { status: 404 });
  }
  let report: Awaited<ReturnType<typeof checkReport>> | null = null;
  if (checkId !== null) {
    try {
      report = await checkReport(base.place, checkId, pageFrom(sp.get("page")));
    } catch (err) {
      throw refusal(request, err);
    }
  }
  return {
    path: base.path,
    problems: base.place.problems,
    checks,
    running,
    report,
  };
}

export type SimilarityPageData = Awaited<ReturnType<typeof similarityPageData>>;

/** The start form's POST: a check in the background, then the report page showing its progress. */
export async function similarityAction(request: Request, base: SimilarityBase) {
  const t = await getT(request, ["similarity", "common"]);
  const form = formObject(await request.formData());
  const v = validate(t, startCheckSchema, form);
  if (!v.ok) return json({ error: Object.values(v.errors)[0] }, { status: 400 });
  try {
    const check = await startCheck(base.user, base.place, v.data);
    const cookie = await flash(request, { type: "success", key: "similarity:started" });
    return siteRedirect(`${base.path}?check=${check.id}`, { headers: { "Set-Cookie": cookie } });
  } catch (err) {
    if (err instanceof DomainError) return json({ error: t(err.message, err.params ?? {}) }, { status: httpStatusOf(err.kind) });
    throw err;
  }
}

/** One pair side by side. */
export async function similarityPairData(request: Request, base: SimilarityBase, params: LoaderFunctionArgs["params"]) {
  const pairId = pathId(params.pairId);
  try {
    return { path: base.path, pair: await pairDetail(base.place, pairId) };
  } catch (err) {
    throw refusal(request, err);
  }
}

export type SimilarityPairData = Awaited<ReturnType<typeof similarityPairData>>;
