import { LANGUAGES, languageInfo } from "~/lib/languages";
import { examplesFromHoj, examplesToHoj } from "~/lib/testcase-rules";
import type { NamedContent, ProblemDoc } from "~/models/problem.server";
import type { TagDoc } from "~/models/tag.server";
import type { ProblemInputRaw } from "./schema.server";

// HOJ's shapes of a problem, for the /ojapi adapters and the HOJ archive format: the Problem
// entity (examples in one string, extra files as JSON strings), ProblemDTO as HOJ's admin client
// sends it, and the problem_<id>.json of an exported archive.

/**
 * HOJ's language id (`lid` of code templates and `id` of languages): the 1-based position in our
 * catalogue (app/lib/languages.ts), the order in which /ojapi/languages lists them.
 */
export function languageIdOf(name: string): number | null {
  const i = LANGUAGES.findIndex((l) => l.name === name);
  return i < 0 ? null : i + 1;
}

export function languageNameById(id: unknown): string | null {
  const n = typeof id === "string" ? Number(id) : id;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > LANGUAGES.length) return null;
  return LANGUAGES[n - 1].name;
}

/** {name: content} as HOJ keeps extra files; null when there are none. */
export function extraFilesToMap(files: readonly NamedContent[]): Record<string, string> | null {
  if (files.length === 0) return null;
  return Object.fromEntries(files.map((f) => [f.name, f.content]));
}

/** Extra files from a map, a JSON string of a map, or our own array. */
export function extraFilesFrom(v: unknown): Array<{ name: unknown; content: unknown }> {
  if (v === null || v === undefined || v === "") return [];
  if (typeof v === "string") {
    try {
      return extraFilesFrom(JSON.parse(v) as unknown);
    } catch {
      return [{ name: "", content: v }];
    }
  }
  if (Array.isArray(v)) return v.map((f) => (f && typeof f === "object" ? { name: (f as NamedContent).name, content: (f as NamedContent).content } : { name: "", content: "" }));
  if (typeof v === "object") return Object.entries(v as Record<string, unknown>).map(([name, content]) => ({ name, content }));
  return [];
}

function ioScore(p: ProblemDoc): number {
  return p.type === 1 ? p.testCases.reduce((s, c) => s + (c.score || 0), 0) : 0;
}

/** HOJ's Problem entity. */
export function toHojProblem(p: ProblemDoc) {
  return {
    id: p._id,
    problemId: p.problemId,
    title: p.title,
    author: p.author,
    type: p.type,
    judgeMode: p.judgeMode,
    judgeCaseMode: p.judgeCaseMode,
    timeLimit: p.timeLimit,
    memoryLimit: p.memoryLimit,
    stackLimit: p.stackLimit,
    description: p.description,
    input: p.input,
    output: p.output,
    examples: examplesToHoj(p.examples),
    isRemote: p.isRemote,
    source: p.source,
    difficulty: p.difficulty,
    hint: p.hint,
    auth: p.auth,
    ioScore: ioScore(p),
    codeShare: p.codeShare,
    spjCode: p.spjCode,
    spjLanguage: p.spjLanguage,
    spjCompileOk: p.spjCompileOk,
    userExtraFile: p.userExtraFile.length ? JSON.stringify(extraFilesToMap(p.userExtraFile)) : null,
    judgeExtraFile: p.judgeExtraFile.length ? JSON.stringify(extraFilesToMap(p.judgeExtraFile)) : null,
    isRemoveEndBlank: p.isRemoveEndBlank,
    openCaseResult: p.openCaseResult,
    isUploadCase: p.isUploadCase,
    caseVersion: p.testCaseHash,
    modifiedUser: p.modifiedUser,
    isGroup: p.gid !== null,
    gid: p.gid,
    applyPublicProgress: p.applyPublicProgress,
    isFileIO: p.isFileIO,
    ioReadFileName: p.ioReadFileName || null,
    ioWriteFileName: p.ioWriteFileName || null,
    gmtCreate: p.gmtCreate,
    gmtModified: p.gmtModified,
  };
}

/** HOJ's ProblemCase rows of a problem. */
export function toHojCases(p: ProblemDoc) {
  return p.testCases.map((c, i) => ({ id: i + 1, pid: p._id, input: c.input, output: c.output, score: c.score, groupNum: c.groupNum, status: 0 }));
}

/** What GET /ojapi/admin/problem returns: the entity, plus what HOJ fetches with separate calls. */
export function toHojProblemForEdit(p: ProblemDoc, tags: readonly TagDoc[]) {
  return {
    ...toHojProblem(p),
    tags: tags.map((t) => ({ id: t._id, name: t.name, color: t.color, oj: t.oj })),
    languages: p.languages.map((name) => ({ id: languageIdOf(name), name })),
    codeTemplates: p.codeTemplates.map((t) => ({ lid: languageIdOf(t.language), language: t.language, code: t.code, status: t.status })),
    samples: toHojCases(p),
  };
}

type Obj = Record<string, unknown>;

function obj(v: unknown): Obj {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {};
}

function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

function languageName(v: unknown): string {
  if (typeof v === "string") return v;
  const o = obj(v);
  if (typeof o.name === "string") return o.name;
  return languageNameById(o.id) ?? String(o.id ?? "");
}

/** The fields of HOJ's Problem entity that carry over to our problem input as they are. */
function problemFields(p: Record<string, unknown>) {
  return {
    problemId: p.problemId,
    title: p.title,
    description: p.description,
    input: p.input,
    output: p.output,
    hint: p.hint,
    source: p.source,
    examples: Array.isArray(p.examples) ? p.examples : examplesFromHoj(typeof p.examples === "string" ? p.examples : ""),
    type: p.type,
    difficulty: p.difficulty,
    auth: p.auth,
    timeLimit: p.timeLimit,
    memoryLimit: p.memoryLimit,
    stackLimit: p.stackLimit,
    codeShare: p.codeShare,
    isRemoveEndBlank: p.isRemoveEndBlank,
    openCaseResult: p.openCaseResult,
    judgeCaseMode: p.judgeCaseMode,
    spjLanguage: p.spjLanguage,
    spjCode: p.spjCode,
    isFileIO: p.isFileIO,
    ioReadFileName: p.ioReadFileName,
    ioWriteFileName: p.ioWriteFileName,
  };
}

/** HOJ's ProblemCase rows (samples of a DTO or an archive). */
function casesFrom(samples: unknown) {
  return arr(samples).map((s) => {
    const c = obj(s);
    return { input: c.input, output: c.output, score: c.score, groupNum: c.groupNum };
  });
}

/** HOJ's code templates, by language name or by HOJ's language id (`lid`). */
function templatesFrom(list: unknown) {
  return arr(list).map((t) => {
    const x = obj(t);
    return { language: typeof x.language === "string" ? x.language : (languageNameById(x.lid) ?? ""), code: x.code, status: x.status ?? true };
  });
}

/**
 * HOJ's ProblemDTO {problem, samples, codeTemplates, tags, languages, isUploadTestCase,
 * uploadTestcaseDir, judgeMode, changeModeCode, changeJudgeCaseMode} as our problem input.
 * Whether the checker changed is decided by comparing with the stored problem, not by the flags.
 */
export function fromProblemDto(body: unknown): ProblemInputRaw {
  const dto = obj(body);
  const p = obj(dto.problem);
  const tags = arr(dto.tags).map(obj);
  return {
    ...problemFields(p),
    judgeMode: dto.judgeMode ?? p.judgeMode,
    isUploadCase: dto.isUploadTestCase ?? p.isUploadCase,
    uploadTestcaseDir: typeof dto.uploadTestcaseDir === "string" ? dto.uploadTestcaseDir : "",
    cases: casesFrom(dto.samples),
    languages: arr(dto.languages).map(languageName),
    codeTemplates: templatesFrom(dto.codeTemplates),
    tagIds: tags.filter((t) => t.id !== undefined && t.id !== null).map((t) => t.id),
    newTags: tags.filter((t) => t.id === undefined || t.id === null).map((t) => t.name),
    userExtraFile: extraFilesFrom(p.userExtraFile),
    judgeExtraFile: extraFilesFrom(p.judgeExtraFile),
  };
}

/** problem_<id>.json of HOJ's problem archive. Code templates keep their status (HOJ ignores it). */
export function toHojExport(p: ProblemDoc, tags: readonly TagDoc[]) {
  const { id: _id, gmtCreate: _c, gmtModified: _m, caseVersion: _v, spjCompileOk: _ok, ...problem } = toHojProblem(p);
  return {
    problem,
    languages: p.languages,
    samples: p.testCases.map((c) => ({ input: c.input, output: c.output, score: c.score, groupNum: c.groupNum })),
    tags: tags.map((t) => t.name),
    codeTemplates: p.codeTemplates.map((t) => ({ language: t.language, code: t.code, status: t.status })),
    userExtraFile: extraFilesToMap(p.userExtraFile),
    judgeExtraFile: extraFilesToMap(p.judgeExtraFile),
    judgeMode: p.judgeMode,
  };
}

/** A problem_<id>.json read back as our problem input; tag names become new (or found) tags. */
export function fromHojExport(json: unknown): ProblemInputRaw & { unknownLanguages: string[] } {
  const o = obj(json);
  const p = obj(o.problem);
  const languages = arr(o.languages).map(languageName);
  const templates = templatesFrom(o.codeTemplates);
  const unknownLanguages = [...languages, ...templates.map((t) => t.language)].filter((l) => !languageInfo(l));
  return {
    ...problemFields(p),
    author: typeof p.author === "string" ? p.author : undefined,
    judgeMode: o.judgeMode ?? p.judgeMode,
    isUploadCase: p.isUploadCase ?? true,
    cases: casesFrom(o.samples),
    languages,
    codeTemplates: templates,
    tagIds: [],
    newTags: arr(o.tags).map((t) => (typeof t === "string" ? t : obj(t).name)).filter((t): t is string => typeof t === "string" && t.trim() !== ""),
    userExtraFile: extraFilesFrom(o.userExtraFile ?? p.userExtraFile),
    judgeExtraFile: extraFilesFrom(o.judgeExtraFile ?? p.judgeExtraFile),
    unknownLanguages,
  };
}
