import { z } from "zod";
import { nextSeq } from "~/models/counter.server";
import { SimilarityCheck, SimilarityPair, type SimilarityCheckDoc, type SimilarityPairDoc } from "~/models/similarity.server";
import { Submission } from "~/models/submission.server";
import type { CurrentUser } from "../account/session.server";
import { DomainError } from "../errors.server";
import { checkRunning, claimPlace, HEARTBEAT_STALE_MS, releasePlace, runCheckInBackground } from "./job.server";
import type { SimilarityPlace } from "./places.server";

// Similarity checks of a place (a contest, a training, a group's problem set): starting one,
// the list with each one's progress, a check's pairs by similarity, and one pair with both
// programs. Every function takes a place the access policy already let the viewer into
// (places.server.ts): a check or pair of another place is not found.

/** Pairs a report page lists. */
export const PAIRS_PAGE_SIZE = 30;
/** Checks the page lists, newest first. */
const CHECKS_LISTED = 20;

/** The start form: a problem of the place ("all" for every one) and which submissions to take. */
export const startCheckSchema = z.object({
  problem: z.union([z.literal("all"), z.coerce.number({ invalid_type_error: "similarity:problemInvalid" }).int("similarity:problemInvalid").positive("similarity:problemInvalid")], {
    errorMap: () => ({ message: "similarity:problemInvalid" }),
  }),
  mode: z.enum(["accepted", "final"], { errorMap: () => ({ message: "similarity:modeInvalid" }) }),
});
export type StartCheckInput = z.infer<typeof startCheckSchema>;

/** What a page shows of a check. */
export interface CheckView {
  id: number;
  pid: number | null;
  displayId: string | null;
  mode: SimilarityCheckDoc["mode"];
  /** "interrupted": it was running when its process stopped. */
  status: SimilarityCheckDoc["status"] | "interrupted";
  groups: number;
  groupsDone: number;
  files: number;
  compared: number;
  kept: number;
  /** 0 to 100. */
  progress: number;
  username: string;
  createdAt: string;
  finishedAt: string | null;
}

function viewOf(c: SimilarityCheckDoc, place: SimilarityPlace, now = Date.now()): CheckView {
  const active = c.status === "queued" || c.status === "running";
  const stale = active && now - new Date(c.heartbeatAt).getTime() > HEARTBEAT_STALE_MS;
  const progress = c.status === "done" ? 100 : c.groups > 0 ? Math.floor((c.groupsDone / c.groups) * 100) : 0;
  return {
    id: c._id,
    pid: c.pid,
    displayId: c.pid === null ? null : (place.problems.find((p) => p.pid === c.pid)?.displayId ?? String(c.pid)),
    mode: c.mode,
    status: stale ? "interrupted" : c.status,
    groups: c.groups,
    groupsDone: c.groupsDone,
    files: c.files,
    compared: c.compared,
    kept: c.kept,
    progress,
    username: c.username,
    createdAt: new Date(c.gmtCreate).toISOString(),
    finishedAt: c.finishedAt ? new Date(c.finishedAt).toISOString() : null,
  };
}

/** Starts a check of the place in the background; refused while another one of it runs. */
export async function startCheck(user: CurrentUser, place: SimilarityPlace, input: StartCheckInput): Promise<CheckView> {
  const pid = input.problem === "all" ? null : input.problem;
  if (pid !== null && !place.problems.some((p) => p.pid === pid)) throw new DomainError("invalid", "similarity:problemInvalid");
  if (place.problems.length === 0) throw new DomainError("invalid", "similarity:noProblems");
  const claim = await claimPlace(place);
  if (!claim) throw new DomainError("conflict", "similarity:alreadyRunning");
  const now = new Date();
  let id: number;
  try {
    id = await nextSeq("similarity_check");
  } catch (err) {
    await releasePlace(place, claim);
    throw err;
  }
  const doc: SimilarityCheckDoc = {
    _id: id,
    kind: place.kind,
    placeId: place.id,
    pid,
    mode: input.mode,
    status: "queued",
    groups: 0,
    groupsDone: 0,
    files: 0,
    compared: 0,
    kept: 0,
    error: null,
    uid: user._id,
    username: user.username,
    gmtCreate: now,
    startedAt: null,
    finishedAt: null,
    heartbeatAt: now,
  };
  try {
    await SimilarityCheck.create(doc);
  } catch (err) {
    await releasePlace(place, claim);
    throw err;
  }
  runCheckInBackground(doc, place, claim);
  return viewOf(doc, place);
}

/** The place's checks, newest first, and whether one runs now. */
export async function listChecks(place: SimilarityPlace): Promise<{ checks: CheckView[]; running: boolean }> {
  const [rows, running] = await Promise.all([
    SimilarityCheck.find({ kind: place.kind, placeId: place.id }).sort({ _id: -1 }).limit(CHECKS_LISTED).lean<SimilarityCheckDoc[]>(),
    checkRunning(place),
  ]);
  return { checks: rows.map((c) => viewOf(c, place)), running };
}

async function checkOf(place: SimilarityPlace, checkId: number): Promise<SimilarityCheckDoc> {
  const c = await SimilarityCheck.findById(checkId).lean<SimilarityCheckDoc>();
  if (!c || c.kind !== place.kind || c.placeId !== place.id) throw new DomainError("notFound", "similarity:checkNotFound");
  return c;
}

/** What the report lists of a pair. */
export interface PairRow {
  id: number;
  displayId: string;
  family: string;
  similarity: number;
  longest: number;
  longestLines: number;
  fragments: number;
  left: SimilarityPairDoc["left"];
  right: SimilarityPairDoc["right"];
}

/** A page of a check's pairs, most similar first. */
export async function checkReport(place: SimilarityPlace, checkId: number, page: number): Promise<{ check: CheckView; pairs: PairRow[]; total: number; size: number; current: number }> {
  const check = await checkOf(place, checkId);
  const filter = { checkId };
  const [total, rows] = await Promise.all([
    SimilarityPair.countDocuments(filter),
    SimilarityPair.find(filter)
      .sort({ similarity: -1, longest: -1, _id: 1 })
      .skip((page - 1) * PAIRS_PAGE_SIZE)
      .limit(PAIRS_PAGE_SIZE)
      .lean<SimilarityPairDoc[]>(),
  ]);
  const pairs = rows.map((p) => ({
    id: p._id,
    displayId: p.displayId,
    family: p.family,
    similarity: p.similarity,
    longest: p.longest,
    longestLines: p.longestLines,
    fragments: p.fragments.length,
    left: p.left,
    right: p.right,
  }));
  return { check: viewOf(check, place), pairs, total, size: PAIRS_PAGE_SIZE, current: page };
}

/** One pair with both programs' code, for the side-by-side view. */
export async function pairDetail(place: SimilarityPlace, pairId: number) {
  const pair = await SimilarityPair.findById(pairId).lean<SimilarityPairDoc>();
  if (!pair) throw new DomainError("notFound", "similarity:pairNotFound");
  // A pair of another place's check is not found here.
  try {
    await checkOf(place, pair.checkId);
  } catch {
    throw new DomainError("notFound", "similarity:pairNotFound");
  }
  const subs = await Submission.find({ _id: { $in: [pair.left.sid, pair.right.sid] } })
    .select("_id code submitTime status")
    .lean<Array<{ _id: number; code: string; submitTime: Date; status: number }>>();
  const byId = new Map(subs.map((s) => [s._id, s]));
  const side = (s: SimilarityPairDoc["left"]) => {
    const sub = byId.get(s.sid);
    return { ...s, code: sub?.code ?? null, submitTime: sub ? new Date(sub.submitTime).toISOString() : null, status: sub?.status ?? null };
  };
  return {
    id: pair._id,
    checkId: pair.checkId,
    displayId: pair.displayId,
    family: pair.family,
    similarity: pair.similarity,
    longest: pair.longest,
    longestLines: pair.longestLines,
    fragments: pair.fragments,
    left: side(pair.left),
    right: side(pair.right),
  };
}
