import { randomBytes } from "node:crypto";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { ZodError } from "zod";
import { ProblemType } from "~/lib/constants";
import { UPLOAD_LIMITS, type ConflictPolicy, type ImportFormat } from "~/lib/problem-admin";
import { distributeScores } from "~/lib/testcase-rules";
import { nextSeq } from "~/models/counter.server";
import { env } from "../platform/env.server";
import { parseFpsFile } from "./import/fps.server";
import { parseHojArchive } from "./import/hoj.server";
import { parseHydroArchive } from "./import/hydro.server";
import { parseQduojArchive } from "./import/qduoj.server";
import { parseKattisArchive } from "./import/kattis.server";
import { parsePolygonArchive } from "./import/polygon.server";
import { NoJudgeError } from "./package/judge-client.server";
import type { PackageCheck } from "./import/common.server";
import { ImportParseError, type ImportCandidate, type ImportMessage } from "./import/common.server";
import { logger } from "../platform/logger.server";
import { importProblem, isDisplayIdTaken, type AdminActor } from "./admin.server";
import { ProblemAdminError } from "./errors.server";
import { redis, rkey } from "../platform/redis.server";
import { extractZipFresh, ZipError } from "../platform/zip.server";

// Batch import of problem archives (HOJ, Hydro, QDUOJ zips; FPS XML). Every problem is imported
// on its own, all or nothing: its test data is stored first, then the document; if anything fails
// what was written is removed and the problem is reported as refused with the reason.
// Progress of a running import is kept in Redis for the page to poll.

export interface ImportResult {
  label: string;
  status: "imported" | "refused";
  pid?: number;
  problemId?: string;
  title?: string;
  /** The display id asked for when it was taken and a suffix was added. */
  renamedFrom?: string;
  /** Why it was refused: a key of the admin-problem namespace, or a schema message (with the namespace). */
  reason?: ImportMessage & { field?: string };
  warnings: ImportMessage[];
  /** Package formats: each program of the package with its verdict beside its folder or tag. */
  checks?: PackageCheck[];
}

export interface ImportReport {
  format: ImportFormat;
  fileName: string;
  total: number;
  imported: number;
  refused: number;
  results: ImportResult[];
}

export interface ImportProgress {
  total: number;
  done: number;
  current: string;
  /** What the current problem's import is doing (package formats: building tests, judging…). */
  step?: ImportMessage;
}

export interface ImportOptions {
  onConflict: ConflictPolicy;
  onProgress?: (p: ImportProgress) => void | Promise<void>;
}

function workRoot(): string {
  return path.join(env.dataDir, "tmp", "import");
}

/** Which file names each format takes. */
export function acceptsFileName(format: ImportFormat, fileName: string): boolean {
  if (format === "fps") return /\.xml$/i.test(fileName);
  if (format === "kattis") return /\.(zip|kpp)$/i.test(fileName);
  return /\.zip$/i.test(fileName);
}

async function readCandidates(format: ImportFormat, filePath: string, work: string): Promise<ImportCandidate[]> {
  if (format === "fps") return parseFpsFile(filePath, work);
  const unpacked = path.join(work, "unpacked");
  await extractZipFresh(filePath, unpacked, {
    maxEntries: UPLOAD_LIMITS.entriesMax,
    maxEntryBytes: UPLOAD_LIMITS.entryMaxBytes,
    maxTotalBytes: UPLOAD_LIMITS.extractedMaxBytes,
  });
  if (format === "hoj") return parseHojArchive(unpacked);
  if (format === "hydro") return parseHydroArchive(unpacked);
  if (format === "kattis") return parseKattisArchive(unpacked, work);
  if (format === "polygon") return parsePolygonArchive(unpacked, work);
  return parseQduojArchive(unpacked);
}

/** A display id that is free: `base-2`, `base-3`… */
async function freeDisplayId(base: string): Promise<string> {
  for (let i = 2; i < 1000; i++) {
    const id = `${base}-${i}`;
    if (!(await isDisplayIdTaken(id))) return id;
  }
  return `${base}-${randomBytes(3).toString("hex")}`;
}

/** A display id for a problem whose archive has none: its numeric id, or P<id> when taken. */
async function generatedDisplayId(pid: number): Promise<string> {
  for (const id of [String(pid), `P${pid}`]) if (!(await isDisplayIdTaken(id))) return id;
  return freeDisplayId(`P${pid}`);
}

/** Keys inside the admin-problem namespace may be given without it. */
function fullKey<M extends ImportMessage>(m: M): M {
  return m.key.includes(":") ? m : { ...m, key: `admin-problem:${m.key}` };
}

function reasonOf(err: unknown): ImportResult["reason"] {
  if (err instanceof ZodError) {
    const issue = err.issues[0];
    return { key: issue?.message ?? "admin-problem:errors.invalid", field: issue?.path.join(".") };
  }
  if (err instanceof ProblemAdminError) return { key: err.message, params: err.params, field: err.field };
  if (err instanceof ImportParseError) return fullKey({ key: err.key, params: err.params });
  if (err instanceof NoJudgeError) return { key: "admin-problem:import.errors.noJudge" };
  return { key: "admin-problem:errors.importFailed" };
}

/** OI problems whose archive gives no scores get the spec's distribution (100 shared). */
function withScores(c: ImportCandidate): ImportCandidate {
  const p = c.problem;
  if (Number(p.type) !== ProblemType.OI || !Array.isArray(p.cases) || p.cases.length === 0) return c;
  const cases = p.cases as Array<Record<string, unknown>>;
  if (cases.some((x) => x.score !== undefined && x.score !== null)) return c;
  const scores = distributeScores(cases.length);
  return { ...c, problem: { ...p, cases: cases.map((x, i) => ({ ...x, score: scores[i] })) } };
}

async function importCandidate(c: ImportCandidate, actor: AdminActor, opts: ImportOptions, step: (m: ImportMessage) => Promise<void>): Promise<ImportResult> {
  const result: ImportResult = {
    label: c.label,
    status: "refused",
    warnings: c.warnings.map(fullKey),
    title: typeof c.problem.title === "string" ? c.problem.title : undefined,
  };
  if (c.error) {
    result.reason = fullKey(c.error);
    return result;
  }
  try {
    await c.prepare?.(step);
    const pid = await nextSeq("problem");
    let problemId = typeof c.problem.problemId === "string" ? c.problem.problemId.trim() : "";
    if (!problemId) {
      problemId = await generatedDisplayId(pid);
    } else if (await isDisplayIdTaken(problemId)) {
      if (opts.onConflict !== "suffix") throw new ProblemAdminError("displayIdTaken", "problemId");
      result.renamedFrom = problemId;
      problemId = await freeDisplayId(problemId);
    }
    const doc = await importProblem({ ...withScores(c).problem, problemId }, c.dir, actor, pid);
    const imported: ImportResult = { ...result, status: "imported", pid: doc._id, problemId: doc.problemId, title: doc.title };
    if (c.verify) {
      // The problem is stored: whatever its programs show is reported beside it, never a refusal.
      const warnings = [...result.warnings];
      try {
        imported.checks = await c.verify(doc, step, warnings);
      } catch (err) {
        logger.error({ err, label: c.label }, "judging a package's programs failed");
        warnings.push({ key: "import.warnings.programsNotJudged" });
      }
      imported.warnings = warnings.map(fullKey);
    }
    return imported;
  } catch (err) {
    if (!(err instanceof ZodError || err instanceof ProblemAdminError || err instanceof ImportParseError || err instanceof NoJudgeError)) {
      logger.error({ err, label: c.label }, "problem import failed");
    }
    return { ...result, renamedFrom: undefined, reason: reasonOf(err) };
  }
}

/**
 * Imports every problem of an uploaded file (left in place; the caller removes it). Throws a
 * ProblemAdminError when the file itself cannot be read; problems that cannot be imported are
 * reported, not thrown.
 */
export async function runImport(format: ImportFormat, filePath: string, fileName: string, actor: AdminActor, opts: ImportOptions): Promise<ImportReport> {
  if (!acceptsFileName(format, fileName)) throw new ProblemAdminError("fileTypeNotSupport", "file");
  const { size } = await stat(filePath);
  if (size > (format === "fps" ? UPLOAD_LIMITS.fpsMaxBytes : UPLOAD_LIMITS.archiveMaxBytes)) throw new ProblemAdminError("exceedMaxSize", "file");
  const work = path.join(workRoot(), randomBytes(12).toString("hex"));
  await mkdir(work, { recursive: true });
  try {
    let candidates: ImportCandidate[];
    try {
      candidates = await readCandidates(format, filePath, work);
    } catch (err) {
      if (err instanceof ZipError) throw new ProblemAdminError(err.reason === "invalid" ? "invalidZip" : "exceedMaxSize", "file");
      if (err instanceof ImportParseError) throw new ProblemAdminError(`admin-problem:${err.key}`, "file", undefined, "invalid", err.params);
      throw err;
    }
    const results: ImportResult[] = [];
    for (const [i, c] of candidates.entries()) {
      await opts.onProgress?.({ total: candidates.length, done: i, current: c.label });
      const step = async (m: ImportMessage) => opts.onProgress?.({ total: candidates.length, done: i, current: c.label, step: fullKey(m) });
      results.push(await importCandidate(c, actor, opts, step));
    }
    await opts.onProgress?.({ total: candidates.length, done: candidates.length, current: "" });
    const imported = results.filter((r) => r.status === "imported").length;
    return { format, fileName, total: results.length, imported, refused: results.length - imported, results };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

// ——— Import jobs: the same import in the background, its progress in Redis ———

export const IMPORT_JOB_TTL_S = 3600;

export interface ImportJob {
  id: string;
  status: "running" | "done" | "failed";
  progress: ImportProgress;
  report: ImportReport | null;
  /** Why the whole file was refused (a translation key and its values). */
  error: ImportMessage | null;
  uid: string;
  startedAt: number;
}

function jobKey(id: string): string {
  return rkey("admin:import-job", id);
}

async function saveJob(job: ImportJob): Promise<void> {
  await redis().set(jobKey(job.id), JSON.stringify(job), "EX", IMPORT_JOB_TTL_S);
}

export async function getImportJob(id: string): Promise<ImportJob | null> {
  if (!/^[a-f0-9]{24}$/.test(id)) return null;
  const raw = await redis().get(jobKey(id));
  return raw ? (JSON.parse(raw) as ImportJob) : null;
}

/**
 * Starts an import in the background and returns its job id at once. The uploaded file is
 * removed when the job ends.
 */
export async function startImportJob(
  format: ImportFormat,
  filePath: string,
  fileName: string,
  actor: AdminActor & { uid: string },
  onConflict: ConflictPolicy,
): Promise<string> {
  const job: ImportJob = {
    id: randomBytes(12).toString("hex"),
    status: "running",
    progress: { total: 0, done: 0, current: "" },
    report: null,
    error: null,
    uid: actor.uid,
    startedAt: Date.now(),
  };
  await saveJob(job);
  void (async () => {
    try {
      job.report = await runImport(format, filePath, fileName, actor, {
        onConflict,
        onProgress: async (p) => {
          job.progress = p;
          await saveJob(job);
        },
      });
      job.status = "done";
    } catch (err) {
      job.status = "failed";
      job.error = err instanceof ProblemAdminError ? { key: err.message, params: err.params } : { key: "admin-problem:errors.importFailed" };
      if (!(err instanceof ProblemAdminError)) logger.error({ err }, "problem import job failed");
    } finally {
      await rm(filePath, { force: true }).catch(() => undefined);
      await saveJob(job).catch((err: unknown) => logger.error({ err }, "could not store the import job"));
    }
  })();
  return job.id;
}
