import { createHash, randomBytes } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { setTimeout as sleep } from "node:timers/promises";
import type { TestDataManifest } from "../../app/lib/judge-protocol";

// Test data fetched from the web server by content hash, verified file by file (sha256) and kept on
// local disk while the hash stays in use. A set appears in the cache only complete (it is assembled in
// a private folder and renamed into place), so concurrent tasks, and other judge processes sharing
// the folder, never see half a set. Old sets are removed least recently used first once the cache
// grows past its size bound, never while a task of this process holds them.

const MANIFEST = ".manifest.json";
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const HASH = /^[a-f0-9]{32}$/;

/** Data that will not appear by retrying (the web server has no such set). */
export class TestDataMissingError extends Error {}

/** Fetching failed for now (web server down, corrupted transfer); the task may be retried later. */
export class TestDataUnavailableError extends Error {}

/** The hash of a set of files, as the web side computes it (app/services/problem/testdata.server.ts). */
export function hashOfFiles(files: Array<{ name: string; sha256: string }>): string {
  const lines = [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((f) => `${f.name}:${f.sha256}\n`);
  return createHash("sha256").update(lines.join("")).digest("hex").slice(0, 32);
}

export interface TestDataSet {
  hash: string;
  dir: string;
  manifest: TestDataManifest;
  has(name: string): boolean;
  path(name: string): string;
  size(name: string): number;
  release(): void;
}

export interface TestDataCacheOptions {
  dir: string;
  /** Base address of the web server's internal endpoints, ending with a slash. */
  webUrl: string;
  token: string;
  maxBytes: number;
  /** How long to keep retrying while the web server cannot give a set. */
  retryForMs?: number;
  /** Sets used this recently are never evicted (another judge process sharing the folder may hold them). */
  keepRecentMs?: number;
  log?: (obj: Record<string, unknown>, msg: string) => void;
}

export class TestDataCache {
  private readonly setsDir: string;
  private readonly incomingDir: string;
  private readonly inflight = new Map<string, Promise<TestDataManifest>>();
  private readonly holds = new Map<string, number>();
  private readonly retryForMs: number;
  private cleaning: Promise<void> | null = null;

  constructor(private readonly o: TestDataCacheOptions) {
    this.setsDir = path.join(o.dir, "sets");
    this.incomingDir = path.join(o.dir, "incoming");
    this.retryForMs = o.retryForMs ?? 10 * 60_000;
  }

  /** The folder of the cache. */
  get root(): string {
    return this.o.dir;
  }

  /** Makes the set available locally and holds it until release(). */
  async acquire(hash: string, signal?: AbortSignal): Promise<TestDataSet> {
    if (!HASH.test(hash)) throw new TestDataMissingError(`invalid test data hash ${JSON.stringify(hash)}`);
    this.holds.set(hash, (this.holds.get(hash) ?? 0) + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const n = (this.holds.get(hash) ?? 1) - 1;
      if (n <= 0) this.holds.delete(hash);
      else this.holds.set(hash, n);
    };
    try {
      let pending = this.inflight.get(hash);
      if (!pending) {
        // Shared by every task waiting for this set, so one task giving up does not stop the others.
        pending = this.ensure(hash).finally(() => this.inflight.delete(hash));
        this.inflight.set(hash, pending);
      }
      const manifest = await abortable(pending, signal);
      const dir = path.join(this.setsDir, hash);
      const files = new Map(manifest.files.map((f) => [f.name, f]));
      return {
        hash,
        dir,
        manifest,
        has: (name) => files.has(name),
        path: (name) => {
          if (!files.has(name)) throw new TestDataMissingError(`test data ${hash} has no file ${name}`);
          return path.join(dir, name);
        },
        size: (name) => files.get(name)?.size ?? 0,
        release,
      };
    } catch (err) {
      release();
      throw err;
    }
  }

  private async ensure(hash: string, signal?: AbortSignal): Promise<TestDataManifest> {
    const dir = path.join(this.setsDir, hash);
    const local = await readManifestFile(path.join(dir, MANIFEST));
    if (local) {
      const now = new Date();
      await utimes(path.join(dir, MANIFEST), now, now).catch(() => undefined);
      return local;
    }
    const manifest = await this.download(hash, signal);
    void this.cleanup().catch((err) => this.o.log?.({ err: String(err) }, "test data cleanup failed"));
    return manifest;
  }

  private url(hash: string, tail: string): string {
    return `${this.o.webUrl}internal/judge/testdata/${hash}/${tail}`;
  }

  /** GET with retries while the server is unreachable or answers with a server error. */
  private async fetchRetrying(url: string, what: string, signal?: AbortSignal): Promise<Response> {
    const deadline = Date.now() + this.retryForMs;
    let delay = 300;
    let last = "";
    for (;;) {
      signal?.throwIfAborted();
      try {
        const res = await fetch(url, { headers: { Authorization: `Bearer ${this.o.token}` }, signal });
        if (res.ok) return res;
        await res.body?.cancel();
        if (res.status === 404) throw new TestDataMissingError(`${what}: not found on the web server`);
        last = `HTTP ${res.status}`;
      } catch (err) {
        if (err instanceof TestDataMissingError || (err as Error).name === "AbortError") throw err;
        last = (err as Error).message;
      }
      if (Date.now() + delay > deadline) throw new TestDataUnavailableError(`${what}: ${last}`);
      this.o.log?.({ url, error: last, retryInMs: delay }, "test data fetch failed, retrying");
      await sleep(delay, undefined, { signal });
      delay = Math.min(delay * 2, 5000);
    }
  }

  private async download(hash: string, signal?: AbortSignal): Promise<TestDataManifest> {
    const res = await this.fetchRetrying(this.url(hash, "manifest"), `test data ${hash}`, signal);
    const manifest = (await res.json()) as TestDataManifest;
    validateManifest(hash, manifest);
    await mkdir(this.incomingDir, { recursive: true });
    await mkdir(this.setsDir, { recursive: true });
    const tmp = path.join(this.incomingDir, `${hash}-${process.pid}-${randomBytes(4).toString("hex")}`);
    await mkdir(tmp);
    try {
      for (const f of manifest.files) await this.downloadFile(hash, f, path.join(tmp, f.name), signal);
      await writeFile(path.join(tmp, MANIFEST), JSON.stringify(manifest));
      const dir = path.join(this.setsDir, hash);
      try {
        await rename(tmp, dir);
      } catch (err) {
        // Another process put the same set in place first: it is identical.
        if (!existsSync(path.join(dir, MANIFEST))) throw err;
      }
      this.o.log?.({ hash, files: manifest.files.length }, "test data cached");
      return manifest;
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }

  private async downloadFile(hash: string, f: TestDataManifest["files"][number], dest: string, signal?: AbortSignal): Promise<void> {
    let failure = "";
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await this.fetchRetrying(this.url(hash, `file/${encodeURIComponent(f.name)}`), `test file ${f.name} of ${hash}`, signal);
      if (!res.body) throw new TestDataUnavailableError(`test file ${f.name}: empty response`);
      const sha = createHash("sha256");
      let size = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          sha.update(chunk);
          size += chunk.length;
          cb(null, chunk);
        },
      });
      try {
        await pipeline(Readable.fromWeb(res.body as WebReadableStream), tap, createWriteStream(dest), { signal });
      } catch (err) {
        if ((err as Error).name === "AbortError") throw err;
        failure = `transfer failed: ${(err as Error).message}`;
        continue;
      }
      const digest = sha.digest("hex");
      if (size === f.size && digest === f.sha256) return;
      failure = `content does not match its checksum (got ${size} bytes, sha256 ${digest.slice(0, 12)}…)`;
      this.o.log?.({ hash, file: f.name }, failure);
    }
    throw new TestDataUnavailableError(`test file ${f.name} of ${hash}: ${failure}`);
  }

  /** Removes least recently used sets not held by a task until the cache fits its bound. */
  cleanup(): Promise<void> {
    this.cleaning ??= this.doCleanup().finally(() => (this.cleaning = null));
    return this.cleaning;
  }

  private async doCleanup(): Promise<void> {
    // Downloads a crashed judge left half done.
    for (const name of await readdir(this.incomingDir).catch(() => [] as string[])) {
      const p = path.join(this.incomingDir, name);
      const st = await stat(p).catch(() => null);
      if (st && st.mtimeMs < Date.now() - 3600_000) await rm(p, { recursive: true, force: true }).catch(() => undefined);
    }
    let names: string[];
    try {
      names = await readdir(this.setsDir);
    } catch {
      return;
    }
    const sets: Array<{ hash: string; bytes: number; usedAt: number }> = [];
    for (const hash of names) {
      const manifestPath = path.join(this.setsDir, hash, MANIFEST);
      const m = await readManifestFile(manifestPath);
      if (!m) continue;
      const usedAt = (await stat(manifestPath).catch(() => null))?.mtimeMs ?? 0;
      sets.push({ hash, bytes: m.files.reduce((a, f) => a + f.size, 0), usedAt });
    }
    let total = sets.reduce((a, s) => a + s.bytes, 0);
    if (total <= this.o.maxBytes) return;
    const recent = Date.now() - (this.o.keepRecentMs ?? 60_000);
    for (const s of sets.sort((a, b) => a.usedAt - b.usedAt)) {
      if (total <= this.o.maxBytes) break;
      if (this.holds.has(s.hash) || this.inflight.has(s.hash) || s.usedAt > recent) continue;
      const trash = path.join(this.incomingDir, `trash-${s.hash}-${randomBytes(4).toString("hex")}`);
      try {
        await mkdir(this.incomingDir, { recursive: true });
        await rename(path.join(this.setsDir, s.hash), trash);
        await rm(trash, { recursive: true, force: true });
        total -= s.bytes;
        this.o.log?.({ hash: s.hash, bytes: s.bytes }, "test data evicted from the cache");
      } catch {
        // Gone already, or in the way of another process: the next cleanup tries again.
      }
    }
  }
}

function abortable<T>(p: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return p;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(e as Error);
      },
    );
  });
}

async function readManifestFile(p: string): Promise<TestDataManifest | null> {
  try {
    return JSON.parse(await readFile(p, "utf8")) as TestDataManifest;
  } catch {
    return null;
  }
}

function validateManifest(hash: string, m: TestDataManifest): void {
  if (!m || m.hash !== hash || !Array.isArray(m.files)) throw new TestDataUnavailableError(`test data ${hash}: malformed manifest`);
  for (const f of m.files) {
    if (typeof f.name !== "string" || !SAFE_NAME.test(f.name) || f.name.includes("..")) {
      throw new TestDataUnavailableError(`test data ${hash}: unsafe file name ${JSON.stringify(f.name)}`);
    }
    if (!Number.isSafeInteger(f.size) || f.size < 0 || !/^[a-f0-9]{64}$/.test(f.sha256)) {
      throw new TestDataUnavailableError(`test data ${hash}: bad entry for ${f.name}`);
    }
  }
  if (hashOfFiles(m.files) !== hash) throw new TestDataUnavailableError(`test data ${hash}: manifest does not match its hash`);
}
