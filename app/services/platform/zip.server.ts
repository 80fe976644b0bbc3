import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import yauzl from "yauzl";
import yazl from "yazl";

// Reading archives uploaded by admins and writing the ones they download. Extraction streams every
// entry to disk with hard limits on entry count, entry size and total size (checked against the
// declared sizes first and the bytes actually inflated as they come), refuses names that would
// leave the destination (zip slip) and never follows or creates links.

export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 20_000,
  maxEntryBytes: 512 * 1024 * 1024,
  maxTotalBytes: 2 * 1024 * 1024 * 1024,
};

export type ZipErrorReason = "invalid" | "tooManyEntries" | "entryTooLarge" | "tooLarge";

export class ZipError extends Error {
  constructor(
    public readonly reason: ZipErrorReason,
    detail = "",
  ) {
    super(`${reason}${detail ? `: ${detail}` : ""}`);
  }
}

export interface ExtractResult {
  /** Relative paths (with "/") of the regular files written. */
  files: string[];
  /** Entries left out: links, system files of archivers (__MACOSX, .DS_Store). */
  skipped: string[];
}

function openZip(zipPath: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true, autoClose: true, validateEntrySizes: true, decodeStrings: true }, (err, zip) => {
      if (err || !zip) reject(new ZipError("invalid", err?.message));
      else resolve(zip);
    });
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) reject(new ZipError("invalid", err?.message));
      else resolve(stream);
    });
  });
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function isJunk(name: string): boolean {
  const parts = name.split("/");
  return parts.includes("__MACOSX") || parts[parts.length - 1] === ".DS_Store" || parts[parts.length - 1] === "Thumbs.db";
}

/** Extracts a zip file into `destDir` (created), within the limits. */
export async function extractZip(zipPath: string, destDir: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ExtractResult> {
  const root = path.resolve(destDir);
  await mkdir(root, { recursive: true });
  const zip = await openZip(zipPath);
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new ZipError("tooManyEntries", String(zip.entryCount));
  }
  const files: string[] = [];
  const skipped: string[] = [];
  const written = new Set<string>();
  let total = 0;

  await new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      zip.close();
      reject(err instanceof ZipError ? err : new ZipError("invalid", err instanceof Error ? err.message : String(err)));
    };
    zip.on("error", fail);
    zip.on("end", () => {
      if (!failed) resolve();
    });
    zip.on("entry", (entry: yauzl.Entry) => {
      void (async () => {
        const name = entry.fileName.replace(/\\/g, "/");
        if (name.endsWith("/")) return;
        const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
        if (mode === S_IFLNK || isJunk(name)) {
          skipped.push(name);
          return;
        }
        const target = path.resolve(root, name);
        if (!target.startsWith(root + path.sep) || name.split("/").some((p) => p === ".." || p === "")) {
          throw new ZipError("invalid", name);
        }
        if (written.has(target)) throw new ZipError("invalid", `duplicate entry ${name}`);
        if (entry.uncompressedSize > limits.maxEntryBytes) throw new ZipError("entryTooLarge", name);
        if (total + entry.uncompressedSize > limits.maxTotalBytes) throw new ZipError("tooLarge");
        await mkdir(path.dirname(target), { recursive: true });
        const source = await openEntry(zip, entry);
        let entryBytes = 0;
        const counter = new Transform({
          transform(chunk: Buffer, _enc, cb) {
            entryBytes += chunk.length;
            total += chunk.length;
            if (entryBytes > limits.maxEntryBytes) cb(new ZipError("entryTooLarge", name));
            else if (total > limits.maxTotalBytes) cb(new ZipError("tooLarge"));
            else cb(null, chunk);
          },
        });
        await pipeline(source, counter, createWriteStream(target, { flags: "wx" }));
        written.add(target);
        files.push(name);
      })()
        .then(() => {
          if (!failed) zip.readEntry();
        })
        .catch(fail);
    });
    zip.readEntry();
  });
  return { files, skipped };
}

/** Extracts into a fresh folder; on any failure the folder is removed again. */
export async function extractZipFresh(zipPath: string, destDir: string, limits?: ZipLimits): Promise<ExtractResult> {
  try {
    return await extractZip(zipPath, destDir, limits);
  } catch (err) {
    await rm(destDir, { recursive: true, force: true });
    throw err;
  }
}

/** A file for a zip; `mode` gives it Unix permission bits (0o755 for a script). */
export type ZipSource = { name: string; path: string; mode?: number } | { name: string; data: Buffer | string; mode?: number };

/** A zip archive of the given files as a stream; files on disk are read while the zip is sent. */
export function zipStream(entries: readonly ZipSource[]): Readable {
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    const opts = e.mode !== undefined ? { mode: e.mode } : undefined;
    if ("path" in e) zip.addFile(e.path, e.name, opts);
    else zip.addBuffer(typeof e.data === "string" ? Buffer.from(e.data, "utf8") : e.data, e.name, opts);
  }
  zip.end();
  return zip.outputStream as unknown as Readable;
}

/** Writes a zip of the given files to `dest` (tests and exports kept on disk). */
export async function writeZip(dest: string, entries: readonly ZipSource[]): Promise<void> {
  await mkdir(path.dirname(dest), { recursive: true });
  await pipeline(zipStream(entries), createWriteStream(dest));
}
