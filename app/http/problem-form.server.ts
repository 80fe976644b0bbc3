import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import path from "node:path";
import {
  MaxPartSizeExceededError,
  unstable_composeUploadHandlers,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import type { TFunction } from "i18next";
import { ZodError } from "zod";
import { blankCase, emptyDraft, splitTagNames, type DraftCase, type DraftFile, type DraftTemplate, type ProblemDraft } from "~/lib/problem-draft";
import { UPLOAD_LIMITS } from "~/lib/problem-admin";
import { BODY_LIMITS } from "~/lib/constants";
import type { ProblemDoc } from "~/models/problem.server";
import { env } from "../services/platform/env.server";
import { distributeScores } from "~/lib/testcase-rules";
import { flash } from "./flash.server";
import { getT } from "../services/platform/i18n.server";
import { siteRedirect } from "./paths.server";
import { createProblem, updateProblem, type AdminActor, type ProblemForEdit } from "../services/problem/admin.server";
import { ProblemAdminError } from "../services/problem/errors.server";
import { SUBTASK_MODES, type ProblemInputRaw } from "../services/problem/schema.server";
import { receiveTestcaseZip } from "../services/problem/testcase-upload.server";
import { fieldErrors, type FieldErrors } from "../services/platform/validation.server";

// Reading the problem form (a multipart POST that works without JavaScript) into a draft, turning
// the draft into the problem input of the services, and the draft of a stored problem. Rows are
// added and removed with submit buttons (intent=add-example, remove-sample-2…), so the page needs
// no script; every answer carries the whole draft back.

export function incomingDir(): string {
  return path.join(env.dataDir, "tmp", "incoming");
}

export interface UploadedFile {
  path: string;
  name: string;
  size: number;
}

/**
 * Parses a multipart form: the named file fields are streamed to disk, other fields are kept as
 * text. A file over `maxBytes` is read to its end and dropped (reported in `tooLarge`) so the rest
 * of the form still arrives. An empty file field (nothing chosen) is left out.
 */
export async function parseMultipart(
  request: Request,
  fileFields: readonly string[],
  maxBytes: number,
): Promise<{ form: FormData; files: Map<string, UploadedFile>; tooLarge: string[] }> {
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(request.headers.get("Content-Type") ?? "")) {
    throw new ProblemAdminError(fileFields.includes("testcaseZip") ? "chooseZip" : "chooseFile", fileFields[0]);
  }
  const dir = incomingDir();
  await mkdir(dir, { recursive: true });
  const stored = new Map<string, UploadedFile>();
  const tooLarge: string[] = [];
  const fileHandler: UploadHandler = async ({ name, filename, data }) => {
    if (!fileFields.includes(name) || filename === undefined) return undefined;
    const target = path.join(dir, `${randomBytes(12).toString("hex")}.upload`);
    const out = createWriteStream(target);
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > maxBytes) continue;
      if (!out.write(chunk)) await once(out, "drain");
    }
    out.end();
    await finished(out);
    if (size > maxBytes) tooLarge.push(name);
    if (size > maxBytes || size === 0 || !filename) {
      await rm(target, { force: true });
      return undefined;
    }
    // A field sent twice keeps its last file, and only that one stays on disk.
    const earlier = stored.get(name);
    if (earlier) await rm(earlier.path, { force: true });
    stored.set(name, { path: target, name: filename, size });
    return undefined;
  };
  // The other fields are kept in memory: each up to 4 MB, all together up to BODY_LIMITS.problemBytes
  // (a body of unknown length reaches this route, see server/body-limit.ts).
  const fieldHandler = unstable_createMemoryUploadHandler({ maxPartSize: 4 * 1024 * 1024, filter: ({ name, filename }) => filename === undefined && !fileFields.includes(name) });
  let fieldBytes = 0;
  async function* countedField(name: string, data: AsyncIterable<Uint8Array>) {
    for await (const chunk of data) {
      fieldBytes += chunk.byteLength;
      if (fieldBytes > BODY_LIMITS.problemBytes) throw new MaxPartSizeExceededError(name, BODY_LIMITS.problemBytes);
      yield chunk;
    }
  }
  const handler = unstable_composeUploadHandlers(fileHandler, (part) => fieldHandler({ ...part, data: countedField(part.name, part.data) }));
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, handler);
  } catch (err) {
    for (const f of stored.values()) await rm(f.path, { force: true });
    if (err instanceof MaxPartSizeExceededError) throw new ProblemAdminError("exceedMaxSize", err.field);
    throw err;
  }
  return { form, files: stored, tooLarge };
}

export async function removeUploaded(files: Map<string, UploadedFile>): Promise<void> {
  for (const f of files.values()) await rm(f.path, { force: true });
}

type Nested = { [k: string]: Nested | string | Nested[] | string[] };

/** Form fields named like `examples.0.input` as nested objects; repeated names become lists. */
export function nestFormFields(form: FormData): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, raw] of form.entries()) {
    if (typeof raw !== "string") continue;
    const parts = key.split(".");
    let node: Record<string, unknown> = root;
    for (let i = 0; i < parts.length - 1; i++) {
      const next = node[parts[i]];
      if (!next || typeof next !== "object" || Array.isArray(next)) node[parts[i]] = {};
      node = node[parts[i]] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1];
    const prev = node[last];
    if (prev === undefined) node[last] = raw;
    else node[last] = Array.isArray(prev) ? [...prev, raw] : [prev, raw];
  }
  return root as Nested;
}

/** Browsers send text areas with CRLF line breaks; the site keeps LF (test data above all). */
function str(v: unknown): string {
  const s = typeof v === "string" ? v : Array.isArray(v) && typeof v[0] === "string" ? v[0] : "";
  return s.replace(/\r\n?/g, "\n");
}

function strs(v: unknown): string[] {
  if (typeof v === "string") return [v];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

function rows(v: unknown): Array<Record<string, unknown>> {
  if (!v || typeof v !== "object") return [];
  const entries = Object.entries(v as Record<string, unknown>).filter(([k]) => /^\d+$/.test(k));
  return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, r]) => (r && typeof r === "object" ? (r as Record<string, unknown>) : {}));
}

const on = (v: unknown) => str(v) === "on" || str(v) === "true" || str(v) === "1";

function caseRows(v: unknown, keepBlank: boolean): DraftCase[] {
  return rows(v)
    .map((r) => ({ input: str(r.input), output: str(r.output), score: str(r.score), groupNum: str(r.groupNum) }))
    .filter((c) => keepBlank || c.input.trim() !== "" || c.output.trim() !== "");
}

function fileRows(v: unknown): DraftFile[] {
  return rows(v)
    .map((r) => ({ name: str(r.name), content: str(r.content) }))
    .filter((f) => f.name.trim() !== "" || f.content !== "");
}

function templateRows(v: unknown): DraftTemplate[] {
  return rows(v)
    .map((r) => ({ language: str(r.language), code: str(r.code), status: on(r.status) }))
    .filter((t) => t.language !== "" || t.code.trim() !== "");
}

/** The draft of a submitted form; blank rows are dropped (field errors use the compacted rows). */
export function draftFromForm(form: FormData): ProblemDraft {
  const o = nestFormFields(form);
  const notes = str(o.uploadNotes);
  let uploadNotes: ProblemDraft["uploadNotes"] = null;
  try {
    uploadNotes = notes ? (JSON.parse(notes) as ProblemDraft["uploadNotes"]) : null;
  } catch {
    uploadNotes = null;
  }
  return {
    problemId: str(o.problemId),
    title: str(o.title),
    description: str(o.description),
    input: str(o.input),
    output: str(o.output),
    hint: str(o.hint),
    source: str(o.source),
    examples: rows(o.examples)
      .map((r) => ({ input: str(r.input), output: str(r.output) }))
      .filter((e) => e.input.trim() !== "" || e.output.trim() !== ""),
    type: str(o.type),
    difficulty: str(o.difficulty),
    auth: str(o.auth),
    timeLimit: str(o.timeLimit),
    memoryLimit: str(o.memoryLimit),
    stackLimit: str(o.stackLimit),
    codeShare: on(o.codeShare),
    isRemoveEndBlank: on(o.isRemoveEndBlank),
    openCaseResult: on(o.openCaseResult),
    judgeMode: str(o.judgeMode),
    spjLanguage: str(o.spjLanguage),
    spjProtocol: str(o.spjProtocol) || "testlib",
    spjCode: str(o.spjCode),
    judgeCaseMode: str(o.judgeCaseMode),
    isUploadCase: str(o.caseSource) === "upload",
    uploadTestcaseDir: str(o.uploadTestcaseDir),
    cases: caseRows(o.cases, true),
    samples: caseRows(o.samples, false),
    uploadNotes,
    languages: strs(o.languages),
    codeTemplates: templateRows(o.codeTemplates),
    tagIds: strs(o.tagIds),
    newTags: str(o.newTags),
    userExtraFile: fileRows(o.userExtraFile),
    judgeExtraFile: fileRows(o.judgeExtraFile),
    isFileIO: on(o.isFileIO),
    ioReadFileName: str(o.ioReadFileName),
    ioWriteFileName: str(o.ioWriteFileName),
  };
}

/** The problem input of the services for a draft. */
export function draftToInput(d: ProblemDraft): ProblemInputRaw {
  return {
    problemId: d.problemId,
    title: d.title,
    description: d.description,
    input: d.input,
    output: d.output,
    hint: d.hint,
    source: d.source,
    examples: d.examples,
    type: d.type,
    difficulty: d.difficulty,
    auth: d.auth,
    timeLimit: d.timeLimit,
    memoryLimit: d.memoryLimit,
    stackLimit: d.stackLimit,
    codeShare: d.codeShare,
    isRemoveEndBlank: d.isRemoveEndBlank,
    openCaseResult: d.openCaseResult,
    judgeMode: d.judgeMode,
    spjLanguage: d.spjLanguage,
    spjProtocol: d.spjProtocol,
    spjCode: d.spjCode,
    judgeCaseMode: d.judgeCaseMode,
    isUploadCase: d.isUploadCase,
    uploadTestcaseDir: d.uploadTestcaseDir,
    cases: d.isUploadCase ? d.cases : d.samples,
    languages: d.languages,
    codeTemplates: d.codeTemplates,
    tagIds: d.tagIds,
    newTags: splitTagNames(d.newTags),
    userExtraFile: d.userExtraFile,
    judgeExtraFile: d.judgeExtraFile,
    isFileIO: d.isFileIO,
    ioReadFileName: d.ioReadFileName,
    ioWriteFileName: d.ioWriteFileName,
  };
}

/** The draft of a stored problem, for its edit page. */
export function draftFromProblem(edit: ProblemForEdit): ProblemDraft {
  const p: ProblemDoc = edit.problem;
  const num = (n: number) => String(n);
  // Typed cases too large to show as text are listed as stored files instead.
  const asFiles = p.isUploadCase || edit.manualCases === null;
  return {
    ...emptyDraft(),
    problemId: p.problemId,
    title: p.title,
    description: p.description,
    input: p.input,
    output: p.output,
    hint: p.hint,
    source: p.source,
    examples: p.examples.length ? p.examples.map((e) => ({ input: e.input, output: e.output })) : [{ input: "", output: "" }],
    type: num(p.type),
    difficulty: num(p.difficulty),
    auth: num(p.auth),
    timeLimit: num(p.timeLimit),
    memoryLimit: num(p.memoryLimit),
    stackLimit: num(p.stackLimit),
    codeShare: p.codeShare,
    isRemoveEndBlank: p.isRemoveEndBlank,
    openCaseResult: p.openCaseResult,
    judgeMode: p.judgeMode,
    spjLanguage: p.spjLanguage ?? "C",
    spjProtocol: p.spjProtocol === "kattis" ? "kattis" : "testlib",
    spjCode: p.spjCode ?? "",
    judgeCaseMode: p.judgeCaseMode,
    isUploadCase: asFiles,
    cases: asFiles ? p.testCases.map((c) => ({ input: c.input, output: c.output, score: num(c.score), groupNum: num(c.groupNum) })) : [],
    samples: !asFiles && edit.manualCases?.length ? edit.manualCases.map((c) => ({ input: c.input, output: c.output, score: num(c.score), groupNum: num(c.groupNum) })) : [blankCase()],
    languages: [...p.languages],
    codeTemplates: p.codeTemplates.map((t) => ({ language: t.language, code: t.code, status: t.status })),
    tagIds: p.tags.map(String),
    userExtraFile: p.userExtraFile.map((f) => ({ name: f.name, content: f.content })),
    judgeExtraFile: p.judgeExtraFile.map((f) => ({ name: f.name, content: f.content })),
    isFileIO: p.isFileIO,
    ioReadFileName: p.ioReadFileName,
    ioWriteFileName: p.ioWriteFileName,
  };
}

/** Row buttons: add-example, remove-sample-3… Returns true when the intent changed the draft. */
export function applyRowIntent(d: ProblemDraft, intent: string): boolean {
  const lists: Record<string, { get: () => unknown[]; blank: () => unknown }> = {
    example: { get: () => d.examples, blank: () => ({ input: "", output: "" }) },
    sample: { get: () => d.samples, blank: blankCase },
    case: { get: () => d.cases, blank: blankCase },
    template: { get: () => d.codeTemplates, blank: () => ({ language: d.languages[0] ?? "C", code: "", status: true }) },
    userfile: { get: () => d.userExtraFile, blank: () => ({ name: "", content: "" }) },
    judgefile: { get: () => d.judgeExtraFile, blank: () => ({ name: "", content: "" }) },
  };
  const add = /^add-(\w+)$/.exec(intent);
  if (add && lists[add[1]]) {
    lists[add[1]].get().push(lists[add[1]].blank());
    return true;
  }
  const remove = /^remove-(\w+)-(\d+)$/.exec(intent);
  if (remove && lists[remove[1]]) {
    lists[remove[1]].get().splice(Number(remove[2]), 1);
    return true;
  }
  return false;
}

/** Takes an uploaded zip into the draft: the cases found, default scores, group 1 in subtask modes. */
export async function applyZipUpload(d: ProblemDraft, file: UploadedFile): Promise<void> {
  const summary = await receiveTestcaseZip(file.path, file.name);
  const subtask = SUBTASK_MODES.has(d.judgeCaseMode);
  d.isUploadCase = true;
  d.uploadTestcaseDir = summary.token;
  d.cases = summary.cases.map((c) => ({ input: c.input, output: c.output, score: String(c.score), groupNum: subtask ? "1" : "" }));
  d.uploadNotes = { unpaired: summary.unpaired, ignored: summary.ignored, renamed: summary.renamed };
}

export interface FormFailure {
  errors: FieldErrors;
  /** Compiler output of a checker that did not compile (shown in the Compile Error dialog). */
  compileError: string | null;
}

/** Field errors for whatever a save refused with; rethrows what is not a refusal. */
export function formFailure(t: TFunction, err: unknown): FormFailure {
  if (err instanceof ZodError) return { errors: fieldErrors(t, err), compileError: null };
  if (err instanceof ProblemAdminError) {
    const msg = t(err.message, err.params ?? {});
    return { errors: { [err.field ?? "_form"]: msg }, compileError: err.message.endsWith("spjCompileFailed") ? (err.detail ?? "") : null };
  }
  throw err;
}

/** Error keys of the "cases" input belong to the samples table when cases are typed. */
export function relocateCaseErrors(errors: FieldErrors, d: ProblemDraft): FieldErrors {
  if (d.isUploadCase) return errors;
  const out: FieldErrors = {};
  for (const [k, v] of Object.entries(errors)) out[k === "cases" || k.startsWith("cases.") ? `samples${k.slice(5)}` : k] = v;
  return out;
}

export interface ProblemFormActionData {
  draft: ProblemDraft | null;
  errors: FieldErrors;
  compileError: string | null;
  /** A key of the admin-problem namespace shown above the form (upload done…). */
  notice: string | null;
  /** Changes with every answer so the form shows the returned values. */
  nonce: string;
  /** Fields of the page's own beside the problem's (a contest's display id…), as they were sent. */
  extra?: Record<string, string>;
}

/** What a page other than the bank's create and edit pages does with a valid problem. */
export interface ProblemFormSave {
  /** Stores the problem (throws refusals: schema errors, ProblemAdminError with a field). */
  save: (input: ProblemInputRaw, form: FormData) => Promise<void>;
  /** Where a saved problem leads, and the toast there. */
  doneTo: string;
  flashKey: string;
  /** The page's own fields, sent back with every answer. */
  extraFields: readonly string[];
}

/**
 * The action of the create and edit pages. Saves redirect to the problem list with a toast;
 * everything else (row buttons, the zip upload, refusals) answers with the whole draft.
 */
export async function problemFormAction(request: Request, actor: AdminActor, pid: number | null, custom?: ProblemFormSave): Promise<Response> {
  const t = await getT(request, ["admin-problem", "contest", "group", "group-problem", "problem", "common"]);
  let extra: Record<string, string> | undefined;
  const answer = (data: Partial<ProblemFormActionData>, status = 200) =>
    json<ProblemFormActionData>({ draft: null, errors: {}, compileError: null, notice: null, nonce: randomBytes(6).toString("hex"), extra, ...data }, { status });
  let parsed: Awaited<ReturnType<typeof parseMultipart>>;
  try {
    parsed = await parseMultipart(request, ["testcaseZip"], UPLOAD_LIMITS.archiveMaxBytes);
  } catch (err) {
    const f = formFailure(t, err);
    return answer({ errors: f.errors }, 400);
  }
  const { form, files, tooLarge } = parsed;
  const draft = draftFromForm(form);
  if (custom) extra = Object.fromEntries(custom.extraFields.map((k) => [k, String(form.get(k) ?? "")]));
  const intent = String(form.get("intent") ?? "save");
  try {
    if (tooLarge.length > 0) return answer({ draft, errors: { testcaseZip: t("admin-problem:errors.exceedMaxSize") } }, 400);
    const zip = files.get("testcaseZip");
    if (zip) {
      try {
        await applyZipUpload(draft, zip);
      } catch (err) {
        return answer({ draft, errors: formFailure(t, err).errors }, 400);
      }
    }
    if (applyRowIntent(draft, intent)) return answer({ draft });
    if (intent === "upload") {
      return zip ? answer({ draft, notice: "form.uploadDone" }) : answer({ draft, errors: { testcaseZip: t("admin-problem:errors.chooseZip") } }, 400);
    }
    if (intent === "distribute-scores") {
      const scores = distributeScores(draft.cases.length);
      draft.cases = draft.cases.map((c, i) => ({ ...c, score: String(scores[i]) }));
      return answer({ draft });
    }
    const input = draftToInput(draft);
    if (custom) {
      await custom.save(input, form);
      const cookie = await flash(request, { type: "success", key: custom.flashKey });
      return siteRedirect(custom.doneTo, { headers: { "Set-Cookie": cookie } });
    }
    if (pid === null) await createProblem(input, actor);
    else await updateProblem(pid, input, actor);
    const cookie = await flash(request, { type: "success", key: pid === null ? "admin-problem:flash.created" : "admin-problem:flash.updated" });
    return siteRedirect("/admin/problems", { headers: { "Set-Cookie": cookie } });
  } catch (err) {
    const f = formFailure(t, err);
    return answer({ draft, errors: relocateCaseErrors(f.errors, draft), compileError: f.compileError }, 400);
  } finally {
    await removeUploaded(files);
  }
}
