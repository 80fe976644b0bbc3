import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { TestDataManifest } from "~/lib/judge-protocol";
import { env } from "../platform/env.server";

// Test data lives on disk, content-addressed: DATA_DIR/testdata/<hash>/<file>. A folder never
// changes once written, so judges cache by hash and an admin replacing the data never races a
// judge that is downloading the old set.

const MANIFEST = ".manifest.json";
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function testDataRoot(): string {
  return path.join(env.dataDir, "testdata");
}

export function isSafeFileName(name: string): boolean {
  return SAFE_NAME.test(name) && !name.includes("..");
}

export interface TestDataFile {
  name: string;
  data: Buffer;
}

function sha256(data: Buffer | string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** The hash of a set of files: over their sorted names and content hashes. */
export function hashOfFiles(files: Array<{ name: string; sha256: string }>): string {
  const lines = [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((f) => `${f.name}:${f.sha256}\n`);
  return sha256(lines.join("")).slice(0, 32);
}

/** A folder of its own to fill before the rename: two identical sets stored in the same
 * millisecond (one process, Promise.all) must not share it, or the first rename takes the
 * second's files away. */
function tempDirFor(dir: string): string {
  return `${dir}.tmp-${process.pid}-${randomUUID()}`;
}

/** Stores a set of test files and returns its hash (an existing identical set is reused). */
export async function storeTestData(files: TestDataFile[]): Promise<string> {
  const seen = new Set<string>();
  for (const f of files) {
    if (!isSafeFileName(f.name)) throw new Error(`unsafe test file name: ${f.name}`);
    if (seen.has(f.name)) throw new Error(`duplicate test file name: ${f.name}`);
    seen.add(f.name);
  }
  const entries = files.map((f) => ({ name: f.name, size: f.data.length, sha256: sha256(f.data) }));
  const hash = hashOfFiles(entries);
  const dir = path.join(testDataRoot(), hash);
  if (existsSync(path.join(dir, MANIFEST))) return hash;
  const tmp = tempDirFor(dir);
  await mkdir(tmp, { recursive: true });
  try {
    for (const f of files) await writeFile(path.join(tmp, f.name), f.data);
    const manifest: TestDataManifest = { hash, files: entries };
    await writeFile(path.join(tmp, MANIFEST), JSON.stringify(manifest));
    try {
      await rename(tmp, dir);
    } catch (err) {
      // Another process stored the same set first: theirs is identical.
      if (!existsSync(path.join(dir, MANIFEST))) throw err;
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return hash;
}

/** A file to store: its bytes, or a file on disk that is streamed (never read whole). */
export type TestDataSource = { name: string; data: Buffer } | { name: string; path: string };

function sha256OfFile(p: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash("sha256");
    createReadStream(p)
      .on("data", (chunk) => h.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(h.digest("hex")));
  });
}

/**
 * Like storeTestData, for large sets: files on disk are hashed as streams and copied, so an
 * upload of any size never sits in memory. `created` tells whether this call wrote the set (a
 * caller that must undo its work removes only what it created).
 */
export async function storeTestDataSources(files: TestDataSource[]): Promise<{ hash: string; created: boolean }> {
  const seen = new Set<string>();
  for (const f of files) {
    if (!isSafeFileName(f.name)) throw new Error(`unsafe test file name: ${f.name}`);
    if (seen.has(f.name)) throw new Error(`duplicate test file name: ${f.name}`);
    seen.add(f.name);
  }
  const entries: Array<{ name: string; size: number; sha256: string }> = [];
  for (const f of files) {
    if ("data" in f) entries.push({ name: f.name, size: f.data.length, sha256: sha256(f.data) });
    else entries.push({ name: f.name, size: (await stat(f.path)).size, sha256: await sha256OfFile(f.path) });
  }
  const hash = hashOfFiles(entries);
  const dir = path.join(testDataRoot(), hash);
  if (existsSync(path.join(dir, MANIFEST))) return { hash, created: false };
  const tmp = tempDirFor(dir);
  await mkdir(tmp, { recursive: true });
  let created = false;
  try {
    for (const f of files) {
      if ("data" in f) await writeFile(path.join(tmp, f.name), f.data);
      else await copyFile(f.path, path.join(tmp, f.name));
    }
    const manifest: TestDataManifest = { hash, files: entries };
    await writeFile(path.join(tmp, MANIFEST), JSON.stringify(manifest));
    try {
      await rename(tmp, dir);
      created = true;
    } catch (err) {
      if (!existsSync(path.join(dir, MANIFEST))) throw err;
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
  return { hash, created };
}

/** Removes a stored set (only for undoing a set this process just created and nothing uses). */
export async function removeTestData(hash: string): Promise<void> {
  if (!/^[a-f0-9]{32}$/.test(hash)) return;
  await rm(path.join(testDataRoot(), hash), { recursive: true, force: true });
}

export async function readManifest(hash: string): Promise<TestDataManifest | null> {
  if (!/^[a-f0-9]{32}$/.test(hash)) return null;
  try {
    return JSON.parse(await readFile(path.join(testDataRoot(), hash, MANIFEST), "utf8")) as TestDataManifest;
  } catch {
    return null;
  }
}

/** Absolute path of one file of a stored set, or null if it is not part of it. */
export async function testDataFilePath(hash: string, name: string): Promise<string | null> {
  if (!/^[a-f0-9]{32}$/.test(hash) || !isSafeFileName(name)) return null;
  const p = path.join(testDataRoot(), hash, name);
  try {
    const st = await stat(p);
    return st.isFile() ? p : null;
  } catch {
    return null;
  }
}

export async function readTestDataFile(hash: string, name: string): Promise<Buffer | null> {
  const p = await testDataFilePath(hash, name);
  return p ? readFile(p) : null;
}

export function openTestDataFile(p: string) {
  return createReadStream(p);
}

/** Whether a request carries the judge token (constant-time comparison). */
export function hasJudgeToken(request: Request): boolean {
  const h = request.headers.get("Authorization") ?? "";
  const given = Buffer.from(h.startsWith("Bearer ") ? h.slice(7) : "");
  const expected = Buffer.from(env.judgeToken);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
