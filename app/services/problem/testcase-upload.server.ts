import { randomBytes } from "node:crypto";
import { lstat, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { distributeScores, pairTestFiles, type CasePair } from "~/lib/testcase-rules";
import { UPLOAD_LIMITS } from "~/lib/problem-admin";
import { env } from "../platform/env.server";
import { ProblemAdminError } from "./errors.server";
import { isSafeFileName, readManifest, testDataFilePath, type TestDataSource } from "./testdata.server";
import { extractZipFresh, ZipError } from "../platform/zip.server";

// The temporary area of uploaded test data (HOJ's uploadTestcaseDir): a zip is unpacked into
// DATA_DIR/tmp/testcase/<token>/data and stays there until the problem is saved (then it is
// stored content-addressed and the folder removed) or until it expires.

export const UPLOAD_TTL_MS = 24 * 3600 * 1000;
const TOKEN = /^[a-f0-9]{32}$/;

export function uploadRoot(): string {
  return path.join(env.dataDir, "tmp", "testcase");
}

export interface UploadedCase extends CasePair {
  /** Default OI score: 100 shared equally, the remainder one point each over the last cases. */
  score: number;
}

export interface UploadSummary {
  token: string;
  cases: UploadedCase[];
  /** Files without their other half (reported, not used). */
  unpaired: string[];
  /** Files that are no test data, or in sub-folders (reported, not used). */
  ignored: string[];
  /** Files renamed because their names are not safe on every system. */
  renamed: Array<{ from: string; to: string }>;
}

/** A file name every judge can use: letters, digits, `._-`, starting with a letter or digit. */
export function sanitizeFileName(name: string, taken: ReadonlySet<string>): string {
  if (isSafeFileName(name) && !taken.has(name)) return name;
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 ? name.slice(dot).replace(/[^A-Za-z0-9.]/g, "") : "";
  let stem = (dot > 0 ? name.slice(0, dot) : name).replace(/[^A-Za-z0-9._-]/g, "_").replace(/\.\.+/g, "_");
  if (!/^[A-Za-z0-9]/.test(stem)) stem = `f${stem}`;
  stem = stem.slice(0, 100);
  let candidate = `${stem}${ext}`;
  for (let i = 2; taken.has(candidate) || !isSafeFileName(candidate); i++) candidate = `${stem}_${i}${ext}`;
  return candidate;
}

/** Files of an extracted folder, relative, with "/". */
export async function listFilesRecursive(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFilesRecursive(dir, rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

/** When every file sits in one top folder (a zipped folder), that folder is the root. */
export function stripCommonFolder(files: readonly string[]): { prefix: string; files: string[] } {
  let prefix = "";
  let current = [...files];
  for (;;) {
    if (current.length === 0 || current.some((f) => !f.includes("/"))) break;
    const first = current[0].split("/")[0];
    if (current.some((f) => f.split("/")[0] !== first)) break;
    prefix += `${first}/`;
    current = current.map((f) => f.slice(first.length + 1));
  }
  return { prefix, files: current };
}

async function pruneExpired(): Promise<void> {
  let names: string[];
  try {
    names = await readdir(uploadRoot());
  } catch {
    return;
  }
  const now = Date.now();
  for (const name of names) {
    const p = path.join(uploadRoot(), name);
    try {
      const st = await stat(p);
      if (now - st.mtimeMs > UPLOAD_TTL_MS) await rm(p, { recursive: true, force: true });
    } catch {
      // Removed by another request meanwhile.
    }
  }
}

/** Checks the name of an uploaded file: archives must be .zip ("File type not support"). */
export function requireZipName(fileName: string): void {
  if (!/\.zip$/i.test(fileName)) throw new ProblemAdminError("fileTypeNotSupport", "testcaseZip");
}

export function zipErrorToProblemError(err: unknown, field: string): unknown {
  if (!(err instanceof ZipError)) return err;
  if (err.reason === "invalid") return new ProblemAdminError("invalidZip", field);
  return new ProblemAdminError("exceedMaxSize", field);
}

/**
 * Takes an uploaded zip of test cases (already on disk), unpacks it into a new temporary upload
 * and pairs its files into cases. The zip file itself is left to the caller.
 */
export async function receiveTestcaseZip(zipPath: string, fileName: string): Promise<UploadSummary> {
  requireZipName(fileName);
  const { size } = await stat(zipPath);
  if (size > UPLOAD_LIMITS.archiveMaxBytes) throw new ProblemAdminError("exceedMaxSize", "testcaseZip");
  void pruneExpired();
  const token = randomBytes(16).toString("hex");
  const dir = path.join(uploadRoot(), token);
  const raw = path.join(dir, "raw");
  const data = path.join(dir, "data");
  try {
    await extractZipFresh(zipPath, raw, {
      maxEntries: UPLOAD_LIMITS.entriesMax,
      maxEntryBytes: UPLOAD_LIMITS.entryMaxBytes,
      maxTotalBytes: UPLOAD_LIMITS.extractedMaxBytes,
    });
    const { prefix, files } = stripCommonFolder(await listFilesRecursive(raw));
    await mkdir(data, { recursive: true });
    const ignored: string[] = [];
    const renamed: Array<{ from: string; to: string }> = [];
    const taken = new Set<string>();
    for (const rel of files) {
      if (rel.includes("/")) {
        ignored.push(prefix + rel);
        continue;
      }
      const safe = sanitizeFileName(rel, taken);
      taken.add(safe);
      if (safe !== rel) renamed.push({ from: rel, to: safe });
      await rename(path.join(raw, prefix, rel), path.join(data, safe));
    }
    await rm(raw, { recursive: true, force: true });
    const pairing = pairTestFiles([...taken]);
    if (pairing.cases.length === 0) throw new ProblemAdminError("noCasesInZip", "testcaseZip");
    const scores = distributeScores(pairing.cases.length);
    const summary: UploadSummary = {
      token,
      cases: pairing.cases.map((c, i) => ({ ...c, score: scores[i] })),
      unpaired: pairing.unpaired,
      ignored: [...ignored, ...pairing.ignored],
      renamed,
    };
    await writeFile(path.join(dir, "upload.json"), JSON.stringify({ createdAt: Date.now(), ...summary }));
    return summary;
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw zipErrorToProblemError(err, "testcaseZip");
  }
}

export function isUploadToken(token: string): boolean {
  return TOKEN.test(token);
}

/** The data folder and summary of a temporary upload, or null when it is gone or expired. */
export async function readUpload(token: string): Promise<{ dir: string; summary: UploadSummary } | null> {
  if (!isUploadToken(token)) return null;
  const dir = path.join(uploadRoot(), token);
  try {
    const summary = JSON.parse(await readFile(path.join(dir, "upload.json"), "utf8")) as UploadSummary & { createdAt: number };
    if (Date.now() - summary.createdAt > UPLOAD_TTL_MS) return null;
    return { dir: path.join(dir, "data"), summary };
  } catch {
    return null;
  }
}

export async function discardUpload(token: string): Promise<void> {
  if (!isUploadToken(token)) return;
  await rm(path.join(uploadRoot(), token), { recursive: true, force: true });
}

export interface CaseFiles {
  input: string;
  output: string;
}

/**
 * The files a list of cases needs from a folder, as sources to store; names that are not safe
 * are renamed (the returned cases use the stored names). Missing files are refused.
 */
export async function caseSourcesFromDir<C extends CaseFiles>(dir: string, cases: readonly C[]): Promise<{ sources: TestDataSource[]; cases: C[] }> {
  const root = path.resolve(dir);
  const stored = new Map<string, string>();
  const taken = new Set<string>();
  const sources: TestDataSource[] = [];
  const resolveName = async (name: string): Promise<string> => {
    const known = stored.get(name);
    if (known) return known;
    const p = path.resolve(root, name);
    if (!p.startsWith(root + path.sep)) throw new ProblemAdminError("caseFileMissing", "cases", undefined, "invalid", { name });
    let ok = false;
    try {
      ok = (await lstat(p)).isFile();
    } catch {
      ok = false;
    }
    if (!ok) throw new ProblemAdminError("caseFileMissing", "cases", undefined, "invalid", { name });
    const safe = sanitizeFileName(name.split("/").pop()!, taken);
    taken.add(safe);
    stored.set(name, safe);
    sources.push({ name: safe, path: p });
    return safe;
  };
  const out: C[] = [];
  for (const c of cases) out.push({ ...c, input: await resolveName(c.input), output: await resolveName(c.output) });
  return { sources, cases: out };
}

/** Files of a problem's stored test data referenced by its cases, for a download. */
export async function storedCaseFiles(hash: string, cases: readonly CaseFiles[]): Promise<Array<{ name: string; path: string }>> {
  if (!hash) return [];
  const manifest = await readManifest(hash);
  if (!manifest) return [];
  const names = new Set<string>();
  for (const c of cases) {
    names.add(c.input);
    names.add(c.output);
  }
  const out: Array<{ name: string; path: string }> = [];
  for (const name of names) {
    const p = await testDataFilePath(hash, name);
    if (p) out.push({ name, path: p });
  }
  return out;
}
