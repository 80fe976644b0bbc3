import { JudgeMode, PAGE_SIZE, ProblemAuth } from "~/lib/constants";
import { nextSeq } from "~/models/counter.server";
import { Problem, type NamedContent, type ProblemCase, type ProblemDoc } from "~/models/problem.server";
import { ProblemAdminError } from "./errors.server";
import { toHojProblem } from "./hoj-problem.server";
import { importedProblemSchema, problemInputSchema, SUBTASK_MODES, type ProblemInput } from "./schema.server";
import { compileCheck, CompileTimeoutError, type CompileWaitOptions } from "./spj-compile.server";
import { ensureTagsByName, getTagsByIds, planProblemTags, removeUnusedTags } from "./tags.server";
import { caseSourcesFromDir, discardUpload, readUpload } from "./testcase-upload.server";
import { readManifest, readTestDataFile, removeTestData, storeTestDataSources, type TestDataSource } from "./testdata.server";
import { problemVisibilityChanged } from "./visibility.server";
import { escapeRegex } from "~/lib/regex";

// Creating, changing and deleting problems (spec sections 3, 5, 9). The page actions, the /ojapi
// adapters and the importers all come through here. Everything that can refuse a problem is
// checked before anything is written; test data is stored before the problem document, and
// removed again if the document cannot be written.

export interface AdminActor {
  username: string;
}

export interface SaveOptions {
  compile?: CompileWaitOptions;
  /** A new problem of this group (its display id already carries the group's prefix). */
  gid?: number;
}

/** Test data of an imported problem: an unpacked folder and the cases in it. */
export interface ImportedTestData {
  dir: string;
}

interface PersistContext {
  actor: AdminActor;
  existing: ProblemDoc | null;
  /** Imports: test data comes from this folder; the checker is not compiled (spjCompileOk false). */
  imported?: ImportedTestData;
  /** A problem id reserved by the caller (imports), otherwise a new one is taken. */
  pid?: number;
  compile?: CompileWaitOptions;
  /** The group a new problem belongs to (none: the bank's). */
  gid?: number;
}

function isDuplicateKey(err: unknown): boolean {
  return !!err && typeof err === "object" && (err as { code?: number }).code === 11000;
}

export async function findProblem(pid: number): Promise<ProblemDoc | null> {
  if (!Number.isSafeInteger(pid) || pid < 1) return null;
  return Problem.findById(pid).lean<ProblemDoc>();
}

async function requireProblem(pid: number): Promise<ProblemDoc> {
  const p = await findProblem(pid);
  if (!p) throw new ProblemAdminError("problemNotFound", undefined, undefined, "notFound");
  return p;
}

export async function isDisplayIdTaken(problemId: string, exceptPid?: number): Promise<boolean> {
  const filter: Record<string, unknown> = { problemIdUpper: problemId.toUpperCase() };
  if (exceptPid !== undefined) filter._id = { $ne: exceptPid };
  return !!(await Problem.exists(filter));
}

function sameFiles(a: readonly NamedContent[], b: readonly NamedContent[]): boolean {
  return a.length === b.length && a.every((f, i) => f.name === b[i].name && f.content === b[i].content);
}

/** Whether saving needs a judge to compile the checker or interactor again. */
export function needsCompile(input: ProblemInput, existing: ProblemDoc | null): boolean {
  if (input.judgeMode === JudgeMode.DEFAULT) return false;
  if (!existing || !existing.spjCompileOk) return true;
  return (
    existing.judgeMode !== input.judgeMode ||
    existing.spjCode !== input.spjCode ||
    existing.spjLanguage !== input.spjLanguage ||
    (input.spjProtocol !== undefined && (existing.spjProtocol ?? "testlib") !== input.spjProtocol) ||
    !sameFiles(existing.judgeExtraFile ?? [], input.judgeExtraFile)
  );
}

interface PlannedTestData {
  cases: ProblemCase[];
  /** Files to store; null keeps the stored set `hash`. */
  sources: TestDataSource[] | null;
  hash: string;
  uploadToken: string;
}

function caseNumbers(input: ProblemInput, i: number): { score: number; groupNum: number } {
  const c = input.cases[i];
  const score = c.score ?? 0;
  const groupNum = SUBTASK_MODES.has(input.judgeCaseMode) ? (c.groupNum ?? 1) : (c.groupNum ?? 0);
  return { score, groupNum };
}

async function planTestData(input: ProblemInput, ctx: PersistContext): Promise<PlannedTestData> {
  if (ctx.imported) {
    const { sources, cases } = await caseSourcesFromDir(ctx.imported.dir, input.cases);
    return { cases: cases.map((c, i) => ({ input: c.input, output: c.output, ...caseNumbers(input, i) })), sources, hash: "", uploadToken: "" };
  }
  if (!input.isUploadCase) {
    // Manual samples: each typed case becomes <n>.in / <n>.out.
    const sources: TestDataSource[] = [];
    const cases: ProblemCase[] = [];
    input.cases.forEach((c, i) => {
      const n = i + 1;
      sources.push({ name: `${n}.in`, data: Buffer.from(c.input, "utf8") }, { name: `${n}.out`, data: Buffer.from(c.output, "utf8") });
      cases.push({ input: `${n}.in`, output: `${n}.out`, ...caseNumbers(input, i) });
    });
    return { cases, sources, hash: "", uploadToken: "" };
  }
  if (input.uploadTestcaseDir) {
    const upload = await readUpload(input.uploadTestcaseDir);
    if (!upload) throw new ProblemAdminError("uploadExpired", "cases");
    const { sources, cases } = await caseSourcesFromDir(upload.dir, input.cases);
    return {
      cases: cases.map((c, i) => ({ input: c.input, output: c.output, ...caseNumbers(input, i) })),
      sources,
      hash: "",
      uploadToken: input.uploadTestcaseDir,
    };
  }
  // Stored cases kept from before (uploaded, or typed ones too large to edit as text): scores and
  // groups may change, the files must be there.
  const existing = ctx.existing;
  if (!existing || !existing.testCaseHash) throw new ProblemAdminError("uploadRequired", "cases");
  const manifest = await readManifest(existing.testCaseHash);
  const names = new Set(manifest?.files.map((f) => f.name) ?? []);
  for (const c of input.cases) {
    for (const name of [c.input, c.output]) {
      if (!names.has(name)) throw new ProblemAdminError("caseFileMissing", "cases", undefined, "invalid", { name });
    }
  }
  return {
    cases: input.cases.map((c, i) => ({ input: c.input, output: c.output, ...caseNumbers(input, i) })),
    sources: null,
    hash: existing.testCaseHash,
    uploadToken: "",
  };
}

async function runCompileCheck(input: ProblemInput, opts?: CompileWaitOptions): Promise<void> {
  let result;
  try {
    result = await compileCheck(
      {
        purpose: input.judgeMode === JudgeMode.INTERACTIVE ? "interactive" : "spj",
        language: input.spjLanguage,
        code: input.spjCode,
        extraFiles: input.judgeExtraFile,
      },
      opts,
    );
  } catch (err) {
    if (err instanceof CompileTimeoutError) throw new ProblemAdminError("compileTimeout", "spjCode");
    throw err;
  }
  if (!result.ok) throw new ProblemAdminError("spjCompileFailed", "spjCode", result.message || "");
}

function documentFields(input: ProblemInput, data: { cases: ProblemCase[]; hash: string; tags: number[]; spjCompileOk: boolean; spjProtocol: string }) {
  const special = input.judgeMode !== JudgeMode.DEFAULT;
  return {
    problemId: input.problemId,
    problemIdUpper: input.problemId.toUpperCase(),
    title: input.title,
    description: input.description,
    input: input.input,
    output: input.output,
    examples: input.examples.map((e) => ({ input: e.input, output: e.output })),
    hint: input.hint,
    source: input.source,
    difficulty: input.difficulty,
    type: input.type,
    auth: input.auth,
    timeLimit: input.timeLimit,
    memoryLimit: input.memoryLimit,
    stackLimit: input.stackLimit,
    codeShare: input.codeShare,
    judgeMode: input.judgeMode,
    judgeCaseMode: input.judgeCaseMode,
    spjLanguage: special ? input.spjLanguage : null,
    spjCode: special ? input.spjCode : null,
    spjCompileOk: special ? data.spjCompileOk : false,
    spjProtocol: special ? (input.spjProtocol ?? data.spjProtocol) : "testlib",
    isUploadCase: input.isUploadCase,
    testCases: data.cases,
    testCaseHash: data.hash,
    isRemoveEndBlank: input.isRemoveEndBlank,
    openCaseResult: input.openCaseResult,
    userExtraFile: input.userExtraFile.map((f) => ({ name: f.name, content: f.content })),
    judgeExtraFile: input.judgeExtraFile.map((f) => ({ name: f.name, content: f.content })),
    isFileIO: input.isFileIO,
    ioReadFileName: input.isFileIO ? input.ioReadFileName : "",
    ioWriteFileName: input.isFileIO ? input.ioWriteFileName : "",
    tags: data.tags,
    languages: input.languages,
    codeTemplates: input.codeTemplates.map((t) => ({ language: t.language, code: t.code, status: t.status })),
  };
}

/**
 * Inserts under a new problem id. FerretDB's counter increments are not atomic across processes,
 * so an id may already be taken: then another id is drawn (unless the caller reserved one). A
 * duplicate display id (the unique index) is refused as taken.
 */
async function insertWithFreshId(insert: (pid: number) => Promise<ProblemDoc>, reserved: number | undefined, problemId: string): Promise<ProblemDoc> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await insert(reserved ?? (await nextSeq("problem")));
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      if (await isDisplayIdTaken(problemId)) throw new ProblemAdminError("displayIdTaken", "problemId");
      if (reserved !== undefined || attempt >= 4) throw err;
    }
  }
}

/** The shared path of create, update and import. */
async function persistProblem(input: ProblemInput, ctx: PersistContext): Promise<ProblemDoc> {
  const pidForCheck = ctx.existing?._id;
  if (await isDisplayIdTaken(input.problemId, pidForCheck)) throw new ProblemAdminError("displayIdTaken", "problemId");
  const tagPlan = await planProblemTags(
    input.tagIds.filter((id): id is number => id !== undefined),
    input.newTags,
  );
  const testData = await planTestData(input, ctx);

  let spjCompileOk = ctx.existing?.spjCompileOk ?? false;
  if (ctx.imported) {
    spjCompileOk = false;
  } else if (needsCompile(input, ctx.existing)) {
    await runCompileCheck(input, ctx.compile);
    spjCompileOk = true;
  }

  // Writes start here.
  let hash = testData.hash;
  let createdHash = "";
  if (testData.sources) {
    const stored = await storeTestDataSources(testData.sources);
    hash = stored.hash;
    if (stored.created) createdHash = stored.hash;
  }
  let createdTags: number[] = [];
  try {
    const ensured = await ensureTagsByName(tagPlan.create);
    createdTags = ensured.created;
    const tags = [...tagPlan.ids, ...ensured.ids];
    const fields = documentFields(input, { cases: testData.cases, hash, tags, spjCompileOk, spjProtocol: ctx.existing?.spjProtocol ?? "testlib" });
    const now = new Date();
    let doc: ProblemDoc | null;
    if (ctx.existing) {
      doc = await Problem.findOneAndUpdate(
        { _id: ctx.existing._id },
        { $set: { ...fields, modifiedUser: ctx.actor.username, gmtModified: now } },
        { new: true },
      ).lean<ProblemDoc>();
      if (!doc) throw new ProblemAdminError("problemNotFound", undefined, undefined, "notFound");
    } else {
      const insert = async (pid: number) =>
        (
          await Problem.create({
            _id: pid,
            ...fields,
            author: input.author || ctx.actor.username,
            modifiedUser: ctx.actor.username,
            isRemote: false,
            gid: ctx.gid ?? null,
            gmtCreate: now,
            gmtModified: now,
          })
        ).toObject() as ProblemDoc;
      doc = await insertWithFreshId(insert, ctx.pid, input.problemId);
    }
    if (testData.uploadToken) await discardUpload(testData.uploadToken);
    await problemVisibilityChanged();
    return doc;
  } catch (err) {
    // A refused problem leaves nothing behind: neither its test data nor the tags it added.
    if (createdHash && !(await Problem.exists({ testCaseHash: createdHash }))) await removeTestData(createdHash);
    await removeUnusedTags(createdTags);
    if (isDuplicateKey(err) && (await isDisplayIdTaken(input.problemId, ctx.existing?._id))) throw new ProblemAdminError("displayIdTaken", "problemId");
    throw err;
  }
}

/** Validates (schema messages are translation keys; a ZodError is thrown) and creates a problem. */
export async function createProblem(raw: unknown, actor: AdminActor, opts: SaveOptions = {}): Promise<ProblemDoc> {
  const input = problemInputSchema.parse(raw);
  return persistProblem(input, { actor, existing: null, compile: opts.compile, gid: opts.gid });
}

export async function updateProblem(pid: number, raw: unknown, actor: AdminActor, opts: SaveOptions = {}): Promise<ProblemDoc> {
  const existing = await requireProblem(pid);
  const input = problemInputSchema.parse(raw);
  return persistProblem(input, { actor, existing, compile: opts.compile });
}

/**
 * Imports one problem read from an archive: same rules (statement parts may be missing), test
 * data from `dir`, nothing left behind when refused. The checker is not compiled here.
 */
export async function importProblem(raw: unknown, dir: string, actor: AdminActor, pid?: number): Promise<ProblemDoc> {
  const input = importedProblemSchema.parse(raw);
  return persistProblem(input, { actor, existing: null, imported: { dir }, pid });
}

export async function deleteProblem(pid: number): Promise<ProblemDoc> {
  const existing = await requireProblem(pid);
  await Problem.deleteOne({ _id: pid });
  await problemVisibilityChanged();
  return existing;
}

const AUTHS: ReadonlySet<number> = new Set(Object.values(ProblemAuth));

export async function changeProblemAuth(pid: number, auth: number, actor: AdminActor): Promise<void> {
  if (!AUTHS.has(auth)) throw new ProblemAdminError("invalidAuth", "auth");
  const res = await Problem.updateOne({ _id: pid }, { $set: { auth, modifiedUser: actor.username, gmtModified: new Date() } });
  if (res.matchedCount === 0) throw new ProblemAdminError("problemNotFound", undefined, undefined, "notFound");
  await problemVisibilityChanged();
}

export interface AdminProblemListQuery {
  keyword?: string;
  page?: number;
  limit?: number;
  auth?: number;
}

export type AdminProblemRow = Pick<ProblemDoc, "_id" | "problemId" | "title" | "author" | "auth" | "type" | "difficulty" | "judgeMode" | "isUploadCase" | "testCaseHash" | "isRemote" | "modifiedUser" | "gmtCreate" | "gmtModified">;

/** The admin problem list's query from a page address (?keyword=&page=). */
export function adminListQueryFrom(url: URL): AdminProblemListQuery {
  return { keyword: url.searchParams.get("keyword") ?? "", page: Number(url.searchParams.get("page") ?? "1") || 1 };
}

/**
 * Admin problem list (spec: admin lists 10 per page), newest first, keyword over id, display id,
 * title and author.
 */
export async function listAdminProblems(q: AdminProblemListQuery): Promise<{ records: AdminProblemRow[]; total: number; page: number; limit: number }> {
  const limit = Math.min(Math.max(Math.trunc(q.limit ?? PAGE_SIZE.admin) || PAGE_SIZE.admin, 1), 100);
  // Group problems are managed inside their groups, not in the site's problem bank.
  const filter: Record<string, unknown> = { gid: null };
  const keyword = (q.keyword ?? "").trim().slice(0, 100);
  if (keyword) {
    const re = { $regex: escapeRegex(keyword), $options: "i" };
    const or: Array<Record<string, unknown>> = [{ title: re }, { problemIdUpper: { $regex: escapeRegex(keyword.toUpperCase()) } }, { author: re }];
    if (/^\d{1,15}$/.test(keyword)) or.push({ _id: Number(keyword) });
    filter.$or = or;
  }
  if (q.auth !== undefined && AUTHS.has(q.auth)) filter.auth = q.auth;
  const total = await Problem.countDocuments(filter);
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(Math.max(Math.trunc(q.page ?? 1) || 1, 1), pages);
  const records = await Problem.find(filter)
    .sort({ _id: -1 })
    .skip((page - 1) * limit)
    .limit(limit)
    .select("_id problemId title author auth type difficulty judgeMode isUploadCase testCaseHash isRemote modifiedUser gmtCreate gmtModified")
    .lean<AdminProblemRow[]>();
  return { records, total, page, limit };
}

/** The admin list as HOJ's admin client reads it: whole problems in HOJ's shape, with its page fields. */
export async function listAdminProblemsForHoj(q: AdminProblemListQuery) {
  const list = await listAdminProblems(q);
  const docs = await Problem.find({ _id: { $in: list.records.map((r) => r._id) } }).lean<ProblemDoc[]>();
  const byId = new Map(docs.map((d) => [d._id, d]));
  return {
    records: list.records.map((r) => byId.get(r._id)).filter((d): d is ProblemDoc => !!d).map(toHojProblem),
    total: list.total,
    size: list.limit,
    current: list.page,
    pages: Math.max(1, Math.ceil(list.total / list.limit)),
  };
}

/** Typed cases are shown as text in the form up to this size in all; larger sets are shown as files. */
const MANUAL_CASES_SHOW_MAX_BYTES = 4 * 1024 * 1024;

export interface ProblemForEdit {
  problem: ProblemDoc;
  tags: Awaited<ReturnType<typeof getTagsByIds>>;
  /**
   * For manual problems: the typed cases read back from the stored files; null when they are too
   * large to edit as text (the form then lists them as files, so saving keeps them).
   */
  manualCases: Array<{ input: string; output: string; score: number; groupNum: number }> | null;
}

async function readManualCases(problem: ProblemDoc): Promise<ProblemForEdit["manualCases"]> {
  const manifest = await readManifest(problem.testCaseHash);
  if (!manifest) return null;
  const sizes = new Map(manifest.files.map((f) => [f.name, f.size]));
  const total = problem.testCases.reduce((n, c) => n + (sizes.get(c.input) ?? 0) + (sizes.get(c.output) ?? 0), 0);
  if (total > MANUAL_CASES_SHOW_MAX_BYTES) return null;
  const out: NonNullable<ProblemForEdit["manualCases"]> = [];
  for (const c of problem.testCases) {
    const [i, o] = await Promise.all([readTestDataFile(problem.testCaseHash, c.input), readTestDataFile(problem.testCaseHash, c.output)]);
    if (!i || !o) return null;
    out.push({ input: i.toString("utf8"), output: o.toString("utf8"), score: c.score, groupNum: c.groupNum });
  }
  return out;
}

export async function getProblemForEdit(pid: number): Promise<ProblemForEdit> {
  const problem = await requireProblem(pid);
  const tags = await getTagsByIds(problem.tags);
  const manualCases = !problem.isUploadCase && problem.testCaseHash ? await readManualCases(problem) : [];
  return { problem, tags, manualCases };
}

