import { z } from "zod";
import { JudgeCaseMode, JudgeMode, PROBLEM_DEFAULTS, ProblemType } from "~/lib/constants";
import { languageInfo, SPJ_LANGUAGES, SPJ_PROTOCOLS } from "~/lib/languages";
import { DISPLAY_ID_PATTERN, EXAMPLES_MAX, PROBLEM_LIMITS } from "~/lib/problem-admin";
import { isSafeFileName } from "./testdata.server";

// The problem as an admin submits it (page form and /ojapi alike), spec sections 3, 5 and 9.
// Messages are translation keys of the admin-problem namespace.

const E = (key: string) => `admin-problem:errors.${key}`;

/** A string field: null/undefined become "", numbers become text. */
function text(max: number, tooLong = E("tooLong")) {
  return z.preprocess((v) => (v === null || v === undefined ? "" : typeof v === "number" ? String(v) : v), z.string({ invalid_type_error: E("invalid") }).max(max, tooLong));
}

function trimmed(max: number, tooLong = E("tooLong")) {
  return z.preprocess((v) => (v === null || v === undefined ? "" : typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : v), z.string({ invalid_type_error: E("invalid") }).max(max, tooLong));
}

/** A whole number from a form ("12") or JSON (12); empty means "not given". */
function optionalInt(message: string) {
  return z.preprocess(
    (v) => {
      if (v === null || v === undefined) return undefined;
      if (typeof v === "string") {
        const s = v.trim();
        if (s === "") return undefined;
        return /^-?\d+$/.test(s) ? Number(s) : Number.NaN;
      }
      return v;
    },
    z.number({ invalid_type_error: message }).int(message).optional(),
  );
}

function intIn(min: number, max: number, fallback: number, message: string) {
  return optionalInt(message)
    .transform((v) => (v === undefined ? fallback : v))
    .pipe(z.number().min(min, message).max(max, message));
}

/** true, "true", "on", "1" are true; anything else (an unchecked box sends nothing) is false. */
export const flag = z.preprocess((v) => v === true || v === 1 || v === "true" || v === "on" || v === "1", z.boolean());

function flagDefault(value: boolean) {
  return z.preprocess((v) => (v === undefined || v === null || v === "" ? value : v), flag);
}

function list<T extends z.ZodTypeAny>(item: T) {
  return z.preprocess((v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : typeof v === "object" ? Object.values(v as object) : [v]), z.array(item));
}

const example = z.object({ input: text(PROBLEM_LIMITS.exampleMax), output: text(PROBLEM_LIMITS.exampleMax) });

const testCase = z.object({
  /** A file name (uploaded cases) or the text of the case (manual cases). */
  input: text(PROBLEM_LIMITS.manualCaseMax, E("caseTooLong")),
  output: text(PROBLEM_LIMITS.manualCaseMax, E("caseTooLong")),
  score: optionalInt(E("scoreInteger")),
  groupNum: optionalInt(E("groupNumInteger")),
});

const codeTemplate = z.object({
  language: trimmed(64),
  code: text(PROBLEM_LIMITS.codeMax, E("codeTooLong")),
  status: flagDefault(true),
});

const extraFile = z.object({ name: trimmed(128), content: text(PROBLEM_LIMITS.extraFileMax, E("extraFileTooLong")) });

const JUDGE_MODES = Object.values(JudgeMode) as [string, ...string[]];
const CASE_MODES = Object.values(JudgeCaseMode) as [string, ...string[]];

export const SUBTASK_MODES: ReadonlySet<string> = new Set([JudgeCaseMode.SUBTASK_LOWEST, JudgeCaseMode.SUBTASK_AVERAGE]);

function blankRow(o: Record<string, unknown>, keys: string[]): boolean {
  return keys.every((k) => o[k] === undefined || o[k] === null || String(o[k]).trim() === "");
}

/** Drops rows that are entirely empty (a form always sends a few spare rows). */
function dropBlankRows(raw: unknown): unknown {
  if (!raw || typeof raw !== "object") return raw;
  const o = { ...(raw as Record<string, unknown>) };
  const compact = (key: string, cols: string[]) => {
    const v = o[key];
    if (Array.isArray(v)) o[key] = v.filter((r) => !(r && typeof r === "object" && blankRow(r as Record<string, unknown>, cols)));
  };
  compact("examples", ["input", "output"]);
  compact("userExtraFile", ["name", "content"]);
  compact("judgeExtraFile", ["name", "content"]);
  if (!flag.parse(o.isUploadCase)) compact("cases", ["input", "output"]);
  if (Array.isArray(o.newTags)) o.newTags = o.newTags.map((t) => (typeof t === "string" ? t.trim() : t)).filter((t) => t !== "");
  return o;
}

function baseShape(requireStatement: boolean) {
  const required = (key: string) => trimmed(requireStatement ? PROBLEM_LIMITS.statementMax : PROBLEM_LIMITS.statementMax).refine((s) => !requireStatement || s.length > 0, E(key));
  return z.object({
    problemId: trimmed(PROBLEM_LIMITS.displayIdMax, E("displayIdTooLong"))
      .refine((s) => s.length > 0, E("displayIdRequired"))
      .refine((s) => s.length === 0 || DISPLAY_ID_PATTERN.test(s), E("displayIdPattern")),
    title: trimmed(PROBLEM_LIMITS.titleMax, E("titleTooLong")).refine((s) => s.length > 0, E("titleRequired")),
    /** Only imports carry an author; the form's author is the signed-in admin. */
    author: trimmed(64).optional(),
    description: text(PROBLEM_LIMITS.statementMax),
    input: required("inputRequired"),
    output: required("outputRequired"),
    hint: text(PROBLEM_LIMITS.statementMax),
    source: trimmed(PROBLEM_LIMITS.sourceMax),
    examples: list(example).pipe(z.array(example).max(EXAMPLES_MAX, E("tooManyExamples"))),
    type: intIn(0, 1, ProblemType.ACM, E("invalidType")),
    difficulty: intIn(0, 2, PROBLEM_DEFAULTS.difficulty, E("invalidDifficulty")),
    auth: intIn(1, 3, PROBLEM_DEFAULTS.auth, E("invalidAuth")),
    timeLimit: intIn(1, PROBLEM_LIMITS.timeLimitMax, PROBLEM_DEFAULTS.timeLimit, E("timeLimitRange")),
    memoryLimit: intIn(1, PROBLEM_LIMITS.memoryLimitMax, PROBLEM_DEFAULTS.memoryLimit, E("memoryLimitRange")),
    stackLimit: intIn(1, PROBLEM_LIMITS.stackLimitMax, PROBLEM_DEFAULTS.stackLimit, E("stackLimitRange")),
    codeShare: flagDefault(PROBLEM_DEFAULTS.codeShare),
    isRemoveEndBlank: flagDefault(PROBLEM_DEFAULTS.isRemoveEndBlank),
    openCaseResult: flagDefault(PROBLEM_DEFAULTS.openCaseResult),
    judgeMode: z.preprocess((v) => (v === undefined || v === null || v === "" ? PROBLEM_DEFAULTS.judgeMode : v), z.enum(JUDGE_MODES, { errorMap: () => ({ message: E("invalidJudgeMode") }) })),
    spjLanguage: z.preprocess((v) => (v === undefined || v === null || v === "" ? PROBLEM_DEFAULTS.spjLanguage : v), z.enum(SPJ_LANGUAGES, { errorMap: () => ({ message: E("invalidSpjLanguage") }) })),
    spjCode: text(PROBLEM_LIMITS.judgeCodeMax, E("codeTooLong")),
    /** Absent: kept as stored (testlib for a new problem). */
    spjProtocol: z.preprocess((v) => (v === null || v === "" ? undefined : v), z.enum(SPJ_PROTOCOLS, { errorMap: () => ({ message: E("invalidSpjProtocol") }) }).optional()),
    judgeCaseMode: z.preprocess((v) => (v === undefined || v === null || v === "" ? PROBLEM_DEFAULTS.judgeCaseMode : v), z.enum(CASE_MODES, { errorMap: () => ({ message: E("invalidCaseMode") }) })),
    isUploadCase: flagDefault(true),
    /** The temporary upload holding new test data (from the zip upload), empty to keep the stored data. */
    uploadTestcaseDir: trimmed(64).refine((s) => s === "" || /^[a-f0-9]{32}$/.test(s), E("uploadExpired")),
    cases: list(testCase).pipe(z.array(testCase).max(100_000)),
    languages: list(trimmed(64)),
    codeTemplates: list(codeTemplate),
    /** Existing tags by id and new tags by name. */
    tagIds: list(optionalInt(E("invalidTag"))),
    newTags: list(trimmed(PROBLEM_LIMITS.tagNameMax, E("tagNameTooLong"))),
    userExtraFile: list(extraFile).pipe(z.array(extraFile).max(PROBLEM_LIMITS.extraFilesMax, E("tooManyExtraFiles"))),
    judgeExtraFile: list(extraFile).pipe(z.array(extraFile).max(PROBLEM_LIMITS.extraFilesMax, E("tooManyExtraFiles"))),
    isFileIO: flagDefault(false),
    ioReadFileName: trimmed(128),
    ioWriteFileName: trimmed(128),
  });
}

type Shape = z.infer<ReturnType<typeof baseShape>>;

function crossRules(v: Shape, ctx: z.RefinementCtx): void {
  const issue = (path: Array<string | number>, key: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path, message: E(key) });

  if (v.judgeCaseMode === JudgeCaseMode.SUBTASK_AVERAGE && v.type !== ProblemType.OI) issue(["judgeCaseMode"], "subtaskAverageOiOnly");
  if (v.judgeCaseMode === JudgeCaseMode.ERGODIC_WITHOUT_ERROR && v.type !== ProblemType.ACM) issue(["judgeCaseMode"], "ergodicAcmOnly");

  if (v.judgeMode !== JudgeMode.DEFAULT && v.spjCode.trim() === "") issue(["spjCode"], v.judgeMode === JudgeMode.SPJ ? "spjCodeRequired" : "interactorCodeRequired");

  if (v.isFileIO) {
    if (!v.ioReadFileName) issue(["ioReadFileName"], "fileIoNamesRequired");
    else if (!isSafeFileName(v.ioReadFileName)) issue(["ioReadFileName"], "unsafeFileName");
    if (!v.ioWriteFileName) issue(["ioWriteFileName"], "fileIoNamesRequired");
    else if (!isSafeFileName(v.ioWriteFileName)) issue(["ioWriteFileName"], "unsafeFileName");
    if (v.ioReadFileName && v.ioReadFileName === v.ioWriteFileName) issue(["ioWriteFileName"], "fileIoNamesDiffer");
  }

  if (v.isUploadCase) {
    if (v.cases.length === 0) issue(["cases"], "uploadRequired");
  } else {
    if (!v.cases.some((c) => c.input.trim() !== "" || c.output.trim() !== "")) issue(["cases"], "sampleRequired");
    if (v.cases.length > PROBLEM_LIMITS.manualCasesMax) issue(["cases"], "tooManyManualCases");
  }
  const subtask = SUBTASK_MODES.has(v.judgeCaseMode);
  v.cases.forEach((c, i) => {
    if (v.type === ProblemType.OI && (c.score === undefined || c.score < 0)) issue(["cases", i, "score"], "scoreInteger");
    if (subtask && (c.groupNum === undefined || c.groupNum < 1)) issue(["cases", i, "groupNum"], "groupNumRequired");
  });

  if (v.languages.length === 0) issue(["languages"], "languageRequired");
  const langs = new Set<string>();
  v.languages.forEach((l, i) => {
    if (!languageInfo(l)) issue(["languages", i], "unknownLanguage");
    else if (langs.has(l)) issue(["languages", i], "duplicateLanguage");
    langs.add(l);
  });

  const templated = new Set<string>();
  v.codeTemplates.forEach((t, i) => {
    if (!languageInfo(t.language)) issue(["codeTemplates", i, "language"], "unknownLanguage");
    else if (templated.has(t.language)) issue(["codeTemplates", i, "language"], "duplicateTemplate");
    templated.add(t.language);
    if (t.status && t.code.trim() === "") issue(["codeTemplates", i, "code"], "templateEmpty");
  });

  const ids = new Set<number>();
  v.tagIds.forEach((id, i) => {
    if (id === undefined || id < 1) issue(["tagIds", i], "invalidTag");
    else if (ids.has(id)) issue(["tagIds", i], "duplicateTag");
    else ids.add(id);
  });
  const names = new Set<string>();
  v.newTags.forEach((n, i) => {
    const key = n.toLowerCase();
    if (names.has(key)) issue(["newTags", i], "duplicateTag");
    names.add(key);
  });
  if (v.tagIds.length + v.newTags.length > PROBLEM_LIMITS.tagsMax) issue(["newTags"], "tooManyTags");

  for (const key of ["userExtraFile", "judgeExtraFile"] as const) {
    const seen = new Set<string>();
    v[key].forEach((f, i) => {
      if (!f.name) issue([key, i, "name"], "extraFileNameRequired");
      else if (!isSafeFileName(f.name)) issue([key, i, "name"], "unsafeFileName");
      else if (seen.has(f.name)) issue([key, i, "name"], "duplicateExtraFile");
      seen.add(f.name);
      if (f.content === "") issue([key, i, "content"], "extraFileContentRequired");
    });
  }
}

/** The problem form and the /ojapi ProblemDTO, once mapped to our field names. */
export const problemInputSchema = z.preprocess(dropBlankRows, baseShape(true).superRefine(crossRules));

/**
 * Problems read from an archive of another judge: the same rules, except that statements which
 * keep everything in one text (Hydro, some FPS files) may lack separate input and output parts.
 */
export const importedProblemSchema = z.preprocess(dropBlankRows, baseShape(false).superRefine(crossRules));

export type ProblemInput = z.infer<typeof problemInputSchema>;
export type ProblemInputRaw = Partial<Record<keyof ProblemInput, unknown>>;
