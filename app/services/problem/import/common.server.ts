import { existsSync } from "node:fs";
import { open, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { UPLOAD_LIMITS } from "~/lib/problem-admin";
import type { ProblemDoc } from "~/models/problem.server";
import type { ProblemInputRaw } from "../schema.server";

// What every importer produces: problems read from an unpacked archive (or an FPS file), each
// with the folder its test data is in, before anything is stored.

export interface ImportMessage {
  /** A key of the admin-problem namespace. */
  key: string;
  params?: Record<string, string | number>;
}

/** One program's verdict beside its folder or tag, for the import report. */
export interface PackageCheck {
  label: string;
  group: string;
  language: string | null;
  /** The judge's status (JudgeStatus), null when not judged. */
  status: number | null;
  score: number;
  timeMs: number;
  /** The verdict keeps the folder's or tag's promise. */
  ok: boolean;
  /** Why it was not judged, or what the verdict was instead of the promised one. */
  note?: ImportMessage;
}

export interface ImportCandidate {
  /** Where the problem came from, for the report: a file, a folder, an item number. */
  label: string;
  /** The problem in our field names (checked by the import schema later). */
  problem: ProblemInputRaw;
  /** Folder of its test data; the cases name files in it. */
  dir: string;
  warnings: ImportMessage[];
  /** Set when the problem cannot be read at all: it is refused with this reason. */
  error?: ImportMessage;
  /**
   * Package formats: work on a judge before the problem is stored (tests built, inputs validated);
   * an ImportParseError refuses the problem.
   */
  prepare?: (step: (m: ImportMessage) => Promise<void>) => Promise<void>;
  /** Package formats: the package's programs judged on the stored problem; mismatches become warnings. */
  verify?: (doc: ProblemDoc, step: (m: ImportMessage) => Promise<void>, warnings: ImportMessage[]) => Promise<PackageCheck[]>;
}

export class ImportParseError extends Error {
  constructor(
    public readonly key: string,
    public readonly params?: Record<string, string | number>,
  ) {
    super(key);
  }
}

/** Reads a small text file (statement, JSON, YAML) with a size limit; null when missing. */
export async function readSmallText(p: string, limit: number = UPLOAD_LIMITS.metaFileMaxBytes): Promise<string | null> {
  let size: number;
  try {
    const st = await stat(p);
    if (!st.isFile()) return null;
    size = st.size;
  } catch {
    return null;
  }
  if (size > limit) throw new ImportParseError("errors.importFileTooLarge", { name: path.basename(p) });
  const fh = await open(p, "r");
  try {
    const buf = Buffer.alloc(size);
    await fh.read(buf, 0, size, 0);
    return buf.toString("utf8").replace(/^\uFEFF/, "");
  } finally {
    await fh.close();
  }
}

export async function subfolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

export async function filesIn(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}

/**
 * Folders holding one problem each: `dir` itself when it has `marker`, else each sub-folder that
 * has it; a single wrapping folder (a zipped folder) is looked through.
 */
export async function problemRoots(dir: string, marker: string): Promise<string[]> {
  if (existsSync(path.join(dir, marker))) return [dir];
  const subs = await subfolders(dir);
  const roots = subs.filter((s) => existsSync(path.join(dir, s, marker))).map((s) => path.join(dir, s));
  if (roots.length === 0 && subs.length === 1 && (await filesIn(dir)).length === 0) return problemRoots(path.join(dir, subs[0]), marker);
  return roots;
}

export function asRecord(v: unknown): Record<string, unknown> {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

export function asString(v: unknown): string {
  if (typeof v === "string") return v;
  if (typeof v === "number") return String(v);
  return "";
}

/** "1s", "1.5 s", "1000ms", 1000 → ms. */
export function parseTime(v: unknown): number | undefined {
  if (typeof v === "number") return Math.round(v);
  const m = /^\s*([\d.]+)\s*(ms|s)?\s*$/i.exec(asString(v));
  if (!m) return undefined;
  const n = Number(m[1]);
  if (!Number.isFinite(n)) return undefined;
  return Math.round((m[2] ?? "ms").toLowerCase() === "s" ? n * 1000 : n);
}

/** "256m", "256MB", "512k", "1g", 256 → MB (rounded up). */
export function parseMemory(v: unknown): number | undefined {
  if (typeof v === "number") return Math.ceil(v);
  const m = /^\s*([\d.]+)\s*(k|kb|kib|m|mb|mib|g|gb|gib)?\s*$/i.exec(asString(v));
  if (!m) return undefined;
  const n = Number(m[1]);
  if (!Number.isFinite(n)) return undefined;
  const unit = (m[2] ?? "m").toLowerCase()[0];
  return Math.ceil(unit === "k" ? n / 1024 : unit === "g" ? n * 1024 : n);
}

/** The checker language from a source file name: .c is C, .cc/.cpp/.cxx are C++. */
export function spjLanguageOf(fileName: string): "C" | "C++" | null {
  const ext = path.extname(fileName).toLowerCase();
  if (ext === ".c") return "C";
  if ([".cc", ".cpp", ".cxx", ".c++"].includes(ext)) return "C++";
  return null;
}

const IMAGE_TYPES: Record<string, string> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".bmp": "image/bmp",
  ".svg": "image/svg+xml",
};

export function imageMimeOf(fileName: string): string | null {
  return IMAGE_TYPES[path.extname(fileName).toLowerCase()] ?? null;
}

/** The image type its bytes say (a .png may hold a JPEG), or null for anything else. */
export function imageMimeOfBytes(data: Uint8Array): string | null {
  const b = Buffer.from(data.buffer, data.byteOffset, Math.min(data.length, 512));
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length >= 6 && ["GIF87a", "GIF89a"].includes(b.toString("latin1", 0, 6))) return "image/gif";
  if (b.length >= 12 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  if (b.length >= 2 && b.toString("latin1", 0, 2) === "BM") return "image/bmp";
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(b.toString("utf8"))) return "image/svg+xml";
  return null;
}

/** An image's type from its bytes, else from its name. */
export function imageMime(fileName: string, data: Uint8Array): string | null {
  return imageMimeOfBytes(data) ?? imageMimeOf(fileName);
}

/** Images embedded in statements are kept as data URLs up to this size. */
export const EMBEDDED_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
