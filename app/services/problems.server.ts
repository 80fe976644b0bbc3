import { randomInt } from "node:crypto";
import type { FilterQuery } from "mongoose";
import { z } from "zod";
import { JudgeStatus, PAGE_SIZE, ProblemAuth } from "~/lib/constants";
import { DEFAULT_EDITOR_LANGUAGE, LANGUAGES, languageInfo } from "~/lib/languages";
import { OJ_FILTERS, OWN_OJ } from "~/lib/problem";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { Submission } from "~/models/submission.server";
import type { TagDoc } from "~/models/tag.server";
import { ApiError } from "./api.server";
import { toHojProblem } from "./hoj-problem.server";
import { judgeLanguages } from "./judge-queue.server";
import { isAdminRole } from "./permissions.server";
import { cacheKey, kept, singleFlight } from "./query-cache.server";
import { refuseUnbuiltScopes } from "./scopes.server";
import type { CurrentUser } from "./session.server";
import { canUseProblem } from "./submissions.server";
import { getTagsByIds, tagJson } from "./tags.server";
import { queryLimit, queryPage, queryText } from "./validation.server";

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

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Problems every visitor may see outside contests: public, and not a group's (unless made public). */
function publicFilter(): FilterQuery<ProblemDoc>[] {
  return [{ auth: ProblemAuth.PUBLIC }, { $or: [{ gid: null }, { applyPublicProgress: 2 }] }];
}

export function problemListFilter(q: Pick<ProblemListQuery, "keyword" | "difficulty" | "oj" | "tagId">): FilterQuery<ProblemDoc> {
  const and: FilterQuery<ProblemDoc>[] = publicFilter();
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
  // development store reads every problem for a list).
  const page = await kept(cacheKey("problem-list", { filter, page: q.currentPage, size }), { minTtlMs: LIST_CACHE_MS }, async () => {
    const [docs, total] = await Promise.all([
      Problem.find(filter)
        .sort({ _id: 1 })
        .skip((q.currentPage - 1) * size)
        .limit(size)
        .select(LIST_FIELDS)
        .lean<ListDoc[]>(),
      countPublicProblems(filter),
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

async function countPublicProblems(filter: FilterQuery<ProblemDoc>): Promise<number> {
  return kept(cacheKey("problem-total", filter), { minTtlMs: LIST_CACHE_MS }, () => Problem.countDocuments(filter));
}

/** A random public problem's display id (optionally among one OJ's problems). */
export async function randomProblemId(oj = ""): Promise<string> {
  const filter = problemListFilter({ keyword: "", difficulty: undefined, oj, tagId: [] });
  const total = await countPublicProblems(filter);
  if (total === 0) throw new ApiError(404, "problem:noProblems");
  const doc = await Problem.findOne(filter).sort({ _id: 1 }).skip(randomInt(total)).select("problemId").lean<Pick<ProblemDoc, "problemId">>();
  if (!doc) throw new ApiError(404, "problem:noProblems");
  return doc.problemId;
}

/** Whether a user may open a problem outside any contest (group problems need their group). */
export function canViewProblem(user: CurrentUser | null, p: Pick<ProblemDoc, "auth" | "gid" | "applyPublicProgress">): boolean {
  return canUseProblem(user, p);
}

/** A problem by display id, ignoring case; null when missing or not visible to the user. */
export async function findVisibleProblem(displayId: string, user: CurrentUser | null): Promise<ProblemDoc | null> {
  const key = displayId.trim().toUpperCase();
  if (!key || key.length > 100) return null;
  // Many learners opening one problem at the same moment share one read.
  const p = await singleFlight(`problem:${key}`, () => Problem.findOne({ problemIdUpper: key }).lean<ProblemDoc>());
  if (!p || !canViewProblem(user, p)) return null;
  return p;
}

export async function findVisibleProblemByPid(pid: number, user: CurrentUser | null): Promise<ProblemDoc | null> {
  if (!Number.isInteger(pid) || pid <= 0) return null;
  const p = await Problem.findById(pid).lean<ProblemDoc>();
  if (!p || !canViewProblem(user, p)) return null;
  return p;
}

export interface EditorLanguages {
  languages: string[];
  /** False when no judge is online: submissions wait in the queue (the languages judges advertised last are offered). */
  judgeOnline: boolean;
  defaultLanguage: string;
}

/** The problem's languages that the judges offer (isOffered), in catalogue order. */
export async function editorLanguages(p: Pick<ProblemDoc, "languages">): Promise<EditorLanguages> {
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
  refuseUnbuiltScopes({ cid: input.cid });
  if (!(await findVisibleProblemByPid(input.pid, user))) throw new ApiError(404, "problem:notFound");
  const sub = await Submission.findOne({ uid: user._id, pid: input.pid, cid: 0, status: JudgeStatus.ACCEPTED })
    .sort({ _id: -1 })
    .select("code language")
    .lean<{ code: string; language: string }>();
  if (!sub) throw new ApiError(400, "problem:noAcceptedCode");
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

/** HOJ's Problem shape for learners: the admin's without checker code, test data or judge-only files. */
export function problemJson(p: ProblemDoc, user: CurrentUser | null) {
  const { spjCode: _code, spjCompileOk: _compiled, judgeExtraFile: _files, caseVersion: _data, ...shown } = toHojProblem(p);
  return { ...shown, spjLanguage: isAdminRole(user) ? p.spjLanguage : null };
}

/** GET /ojapi/get-problem-detail: HOJ's ProblemInfoVO. */
export async function problemDetailJson(p: ProblemDoc, user: CurrentUser | null) {
  const [tags, editor] = await Promise.all([getTagsByIds(p.tags ?? []), editorLanguages(p)]);
  return {
    problem: problemJson(p, user),
    tags: tags.map(tagJson),
    languages: editor.languages,
    problemCount: problemCount(p),
    codeTemplate: codeTemplates(p, editor.languages),
  };
}
