import { randomInt } from "node:crypto";
import type { FilterQuery } from "mongoose";
import { z } from "zod";
import { JudgeStatus, PAGE_SIZE } from "~/lib/constants";
import { DEFAULT_EDITOR_LANGUAGE, LANGUAGES, languageInfo } from "~/lib/languages";
import { OJ_FILTERS, OWN_OJ } from "~/lib/problem";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { Submission } from "~/models/submission.server";
import type { TagDoc } from "~/models/tag.server";
import { DomainError } from "~/services/errors.server";
import { languageIdOf, toHojProblem } from "./hoj-problem.server";
import { judgeLanguages } from "../judging/queue.server";
import { cacheKey, kept, singleFlight } from "../platform/query-cache.server";
import { pageVersions } from "../platform/page-cache.server";
import type { CurrentUser } from "../account/session.server";
import { bankCountedQuery, bankProblemsQuery, bankScope, requestedScope, type ScopeIds, seesCheckerLanguage } from "../access/policy.server";
import { getTagsByIds, toHojTag } from "./tags.server";
import { groupScopeOfRecord, scopeForRequest } from "../group/scope.server";
import { queryLimit, queryPage, queryText } from "../platform/validation.server";
import { escapeRegex } from "~/lib/regex";

// The learner side of the problem bank: the public list, the random pick, one problem's page data
// and the signed-in user's status per problem. The Remix pages and the /ojapi adapters share these.

/** Seconds a list total or a public list page may be reused (the list changes rarely). */
const LIST_CACHE_MS = 10_000;
const MAX_TAG_FILTER = 10;

function optionalInt(min: number, max: number) {
  return z.preprocess((v) => {
    if (v === undefined || v === null || v === "") return undefined;
    const n = Number(v);
    return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
  }, z.number().int().optional());
}

/**
 * Query of the problem list (page and /ojapi/get-problem-list). Lenient like any GET filter: a
 * value that makes no sense is dropped rather than refused, so an edited link still shows a list.
 */
export const problemListQuerySchema = z.object({
  keyword: queryText(100),
  difficulty: optionalInt(0, 2),
  oj: z.preprocess((v) => {
    const s = typeof v === "string" ? v.trim().toUpperCase() : "";
    if (s === "MINE") return OWN_OJ;
    return (OJ_FILTERS as readonly string[]).includes(s) ? s : "";
  }, z.string()),
  tagId: z.preprocess((v) => {
    const raw = Array.isArray(v) ? v.join(",") : typeof v === "string" ? v : typeof v === "number" ? String(v) : "";
    const ids = raw
      .split(",")
      .map((x) => Number(x.trim()))
      .filter((n) => Number.isInteger(n) && n > 0);
    return [...new Set(ids)].slice(0, MAX_TAG_FILTER);
  }, z.array(z.number().int())),
  currentPage: queryPage,
  limit: queryLimit(PAGE_SIZE.problems),
});

export type ProblemListQuery = z.infer<typeof problemListQuerySchema>;

export function parseProblemListQuery(input: Record<string, unknown>): ProblemListQuery {
  return problemListQuerySchema.parse(input);
}

export function problemListFilter(q: Pick<ProblemListQuery, "keyword" | "difficulty" | "oj" | "tagId">): FilterQuery<ProblemDoc> {
  const and: FilterQuery<ProblemDoc>[] = bankProblemsQuery();
  if (q.difficulty !== undefined) and.push({ difficulty: q.difficulty });
  if (q.oj === OWN_OJ) and.push({ isRemote: false });
  else if (q.oj) and.push({ isRemote: true, problemIdUpper: { $regex: `^${escapeRegex(q.oj)}-` } });
  if (q.tagId.length) and.push({ tags: { $all: q.tagId } });
  if (q.keyword) {
    const k = escapeRegex(q.keyword);
    and.push({ $or: [{ title: { $regex: k, $options: "i" } }, { problemIdUpper: { $regex: escapeRegex(q.keyword.toUpperCase()) } }] });
  }
  return { $and: and };
}

const LIST_FIELDS = "_id problemId title difficulty type isRemote tags total ac wa tle mle re pe ce se pa";

export type ProblemListRow = ReturnType<typeof problemCount> & {
  problemId: string;
  title: string;
  difficulty: number;
  type: number;
  tags: Array<{ id: number; name: string; color: string }>;
};

export interface ProblemListPage {
  records: ProblemListRow[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

type ListDoc = Pick<ProblemDoc, "_id" | "problemId" | "title" | "difficulty" | "type" | "tags" | "total" | "ac" | "wa" | "tle" | "mle" | "re" | "pe" | "ce" | "se" | "pa">;

/** One page of the public problem list (HOJ's IPage shape). Public data: cached briefly for everyone. */
export async function listProblems(q: ProblemListQuery): Promise<ProblemListPage> {
  const filter = problemListFilter(q);
  const size = q.limit;
  // Public data, the same for everyone: kept, and computed again in the background once stale (the
  // development store reads every problem for a list). Kept under the problems' version, which an
  // admin's write replaces: the next list shows the write.
  const version = (await pageVersions(["problems"]))?.[0] ?? "-";
  const page = await kept(cacheKey("problem-list", { filter, page: q.currentPage, size, version }), { minTtlMs: LIST_CACHE_MS }, async () => {
    const [docs, total] = await Promise.all([
      Problem.find(filter)
        .sort({ _id: 1 })
        .skip((q.currentPage - 1) * size)
        .limit(size)
        .select(LIST_FIELDS)
        .lean<ListDoc[]>(),
      countPublicProblems(filter, version),
    ]);
    const tags = await getTagsByIds(docs.flatMap((d) => d.tags ?? []));
    const tagById = new Map(tags.map((t) => [t._id, t]));
    const records: ProblemListRow[] = docs.map((d) => ({
      ...problemCount(d),
      problemId: d.problemId,
      title: d.title,
      difficulty: d.difficulty,
      type: d.type,
      tags: (d.tags ?? [])
        .map((id) => tagById.get(id))
        .filter((t): t is TagDoc => !!t)
        .map((t) => ({ id: t._id, name: t.name, color: t.color })),
    }));
    return { records, total, size, current: q.currentPage, pages: Math.max(1, Math.ceil(total / size)) };
  });
  return page;
}

async function countPublicProblems(filter: FilterQuery<ProblemDoc>, version?: string): Promise<number> {
  version ??= (await pageVersions(["problems"]))?.[0] ?? "-";
  return kept(cacheKey("problem-total", { filter, version }), { minTtlMs: LIST_CACHE_MS }, () => Problem.countDocuments(filter));
}

/** A random public problem's display id (optionally among one OJ's problems). */
export async function randomProblemId(oj = ""): Promise<string> {
  const filter = problemListFilter({ keyword: "", difficulty: undefined, oj, tagId: [] });
  const total = await countPublicProblems(filter);
  if (total === 0) throw new DomainError("notFound", "problem:noProblems");
  const doc = await Problem.findOne(filter).sort({ _id: 1 }).skip(randomInt(total)).select("problemId").lean<Pick<ProblemDoc, "problemId">>();
  if (!doc) throw new DomainError("notFound", "problem:noProblems");
  return doc.problemId;
}

/** A problem by display id, ignoring case; null when missing or not visible to the user. */
export async function findVisibleProblem(displayId: string, user: CurrentUser | null, ids: ScopeIds = {}): Promise<ProblemDoc | null> {
  const scope = await scopeForRequest(ids, user);
  const key = displayId.trim().toUpperCase();
  if (!key || key.length > 100) return null;
  // Many learners opening one problem at the same moment share one read.
  const p = await singleFlight(`problem:${key}`, () => Problem.findOne({ problemIdUpper: key }).lean<ProblemDoc>());
  if (!p || !scope.seesProblem(user, p)) return null;
  return p;
}

/**
 * A problem as a submission names it: HOJ's client sends its display id (a string such as
 * `P1001`, any case), the site's own pages its numeric id. A string of digits that is no
 * problem's display id is taken as the numeric id. Visibility is the caller's to check.
 */
export async function problemByRef(ref: number | string): Promise<ProblemDoc | null> {
  if (typeof ref === "number") {
    if (!Number.isSafeInteger(ref) || ref <= 0) return null;
    return singleFlight(`problem-id:${ref}`, () => Problem.findById(ref).lean<ProblemDoc>());
  }
  const key = ref.trim().toUpperCase();
  if (!key || key.length > 100) return null;
  const byDisplayId = await singleFlight(`problem:${key}`, () => Problem.findOne({ problemIdUpper: key }).lean<ProblemDoc>());
  if (byDisplayId) return byDisplayId;
  return /^[1-9]\d{0,14}$/.test(key) ? problemByRef(Number(key)) : null;
}

export async function findVisibleProblemByPid(pid: number, user: CurrentUser | null): Promise<ProblemDoc | null> {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const p = await Problem.findById(pid).lean<ProblemDoc>();
  if (!p || !bankScope.seesProblem(user, p)) return null;
  return p;
}

async function visibleByPid(pid: number, user: CurrentUser | null): Promise<ProblemDoc> {
  const p = await findVisibleProblemByPid(pid, user);
  if (!p) throw new DomainError("notFound", "problem:notFound");
  return p;
}

/** GET /ojapi/get-problem-tags?pid: HOJ's Tag entities of one problem (the admin editor asks first). */
export async function problemTagsOf(user: CurrentUser | null, pid: number) {
  const p = await visibleByPid(pid, user);
  return (await getTagsByIds(p.tags)).map(toHojTag);
}

/**
 * GET /ojapi/get-problem-code-template?pid: HOJ's CodeTemplate rows of one problem, enabled or not
 * (the admin editor shows both). `lid` is HOJ's language id; `id` names the row within the problem.
 */
export async function problemCodeTemplatesOf(user: CurrentUser | null, pid: number) {
  const p = await visibleByPid(pid, user);
  return p.codeTemplates.flatMap((t) => {
    const lid = languageIdOf(t.language);
    if (lid === null) return [];
    return [{ id: lid, pid: p._id, lid, language: t.language, code: t.code, status: t.status, gmtCreate: p.gmtCreate, gmtModified: p.gmtModified }];
  });
}

export interface EditorLanguages {
  languages: string[];
  /** False when no judge is online: submissions wait in the queue (the languages judges advertised last are offered). */
  judgeOnline: boolean;
  defaultLanguage: string;
}

/** The problem's languages that the judges offer (isOffered), in catalogue order. */
export async function editorLanguages(p: Pick<ProblemDoc, "languages"> & { isRemote?: boolean }): Promise<EditorLanguages> {
  // A remote problem takes its remote judge's languages, whatever the local judges run.
  if (p.isRemote) return { languages: [...(p.languages ?? [])], judgeOnline: true, defaultLanguage: p.languages?.[0] ?? "" };
  const { live, offered } = await judgeLanguages();
  const accepted = new Set(p.languages ?? []);
  const ordered = LANGUAGES.map((l) => l.name).filter((n) => accepted.has(n));
  // Languages a problem accepts that the catalogue does not know keep their place at the end.
  for (const n of p.languages ?? []) if (!ordered.includes(n)) ordered.push(n);
  const judgeOnline = live.size > 0;
  const languages = offered ? ordered.filter((n) => offered.has(n)) : ordered;
  const defaultLanguage = languages.includes(DEFAULT_EDITOR_LANGUAGE) ? DEFAULT_EDITOR_LANGUAGE : (languages[0] ?? "");
  return { languages, judgeOnline, defaultLanguage };
}

/** Starting code per language: the problem's enabled template, else the language's default. */
export function codeTemplates(p: Pick<ProblemDoc, "codeTemplates">, languages: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const lang of languages) {
    const own = (p.codeTemplates ?? []).find((t) => t.language === lang && t.status && t.code.trim());
    out[lang] = own ? own.code : (languageInfo(lang)?.template ?? "");
  }
  return out;
}

export const lastAcCodeSchema = z.object({
  pid: z.coerce.number({ invalid_type_error: "problem:notFound" }).int().positive("problem:notFound"),
  cid: z.coerce.number({ invalid_type_error: "common:errors.badRequest" }).int().min(0, "common:errors.badRequest").default(0),
});

/**
 * The latest accepted code of the user on a problem they can see, outside contests (spec section
 * 5: only once solved).
 */
export async function lastAcceptedCode(user: CurrentUser, input: z.infer<typeof lastAcCodeSchema>): Promise<{ code: string; language: string }> {
  requestedScope({ cid: input.cid });
  // A group's problem is its group's to show (its members), any other the bank's.
  const problem = Number.isSafeInteger(input.pid) ? await Problem.findById(input.pid).select("_id auth gid applyPublicProgress").lean<ProblemDoc>() : null;
  const scope = problem ? ((await groupScopeOfRecord(problem, user)) ?? bankScope) : bankScope;
  if (!problem || !scope.seesProblem(user, problem)) throw new DomainError("notFound", "problem:notFound");
  const sub = await Submission.findOne({ uid: user._id, pid: input.pid, ...bankCountedQuery(), status: JudgeStatus.ACCEPTED })
    .sort({ _id: -1 })
    .select("code language")
    .lean<{ code: string; language: string }>();
  if (!sub) throw new DomainError("invalid", "problem:noAcceptedCode");
  return { code: sub.code, language: sub.language };
}

/** Verdict counters of a problem (statistics dialog, list rows; HOJ's ProblemCountVO). */
export function problemCount(p: Pick<ProblemDoc, "_id" | "total" | "ac" | "wa" | "tle" | "mle" | "re" | "pe" | "ce" | "se" | "pa">) {
  return {
    pid: p._id,
    total: p.total ?? 0,
    ac: p.ac ?? 0,
    wa: p.wa ?? 0,
    tle: p.tle ?? 0,
    mle: p.mle ?? 0,
    re: p.re ?? 0,
    pe: p.pe ?? 0,
    ce: p.ce ?? 0,
    se: p.se ?? 0,
    pa: p.pa ?? 0,
  };
}

/**
 * HOJ's Problem shape for learners: the admin's without checker code, test data or judge-only
 * files. Their fields stay, null, as HOJ sends them (its client reads the whole Problem).
 */
export function problemJson(p: ProblemDoc, user: CurrentUser | null) {
  const { spjCode: _code, spjCompileOk: _compiled, judgeExtraFile: _files, caseVersion: _data, ...shown } = toHojProblem(p);
  return { ...shown, spjCode: null, judgeExtraFile: null, caseVersion: null, spjLanguage: seesCheckerLanguage(user) ? p.spjLanguage : null };
}

/** GET /ojapi/get-problem-detail: HOJ's ProblemInfoVO. */
export async function problemDetailJson(p: ProblemDoc, user: CurrentUser | null) {
  const [tags, editor] = await Promise.all([getTagsByIds(p.tags ?? []), editorLanguages(p)]);
  return {
    problem: problemJson(p, user),
    tags: tags.map(toHojTag),
    languages: editor.languages,
    problemCount: problemCount(p),
    codeTemplate: codeTemplates(p, editor.languages),
  };
}
