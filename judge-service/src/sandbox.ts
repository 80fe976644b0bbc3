import { openAsBlob } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

// A small client of the go-judge REST API (POST /run, /file). Only what the judge uses is typed.

export type SandboxFile =
  | { content: string }
  | { fileId: string }
  | { name: string; max: number; pipe?: boolean }
  | null;

export type CopyInFile = { content: string } | { fileId: string };

export interface SandboxCmd {
  args: string[];
  env?: string[];
  files?: SandboxFile[];
  /** Nanoseconds. */
  cpuLimit: number;
  clockLimit: number;
  /** Bytes. */
  memoryLimit: number;
  stackLimit?: number;
  procLimit: number;
  copyIn?: Record<string, CopyInFile>;
  copyOut?: string[];
  copyOutCached?: string[];
  copyOutMax?: number;
}

export interface PipeMap {
  in: { index: number; fd: number };
  out: { index: number; fd: number };
  max?: number;
}

export type SandboxStatus =
  | "Accepted"
  | "Memory Limit Exceeded"
  | "Time Limit Exceeded"
  | "Output Limit Exceeded"
  | "File Error"
  | "Nonzero Exit Status"
  | "Signalled"
  | "Dangerous Syscall"
  | "Internal Error";

export interface SandboxFileError {
  name: string;
  type: string;
  message?: string;
}

export interface SandboxResult {
  status: SandboxStatus;
  exitStatus: number;
  error?: string;
  /** CPU time and wall time in ns, peak memory in bytes. */
  time: number;
  runTime: number;
  memory: number;
  files?: Record<string, string>;
  fileIds?: Record<string, string>;
  fileError?: SandboxFileError[];
}

export class SandboxUnavailableError extends Error {}

/** A copy-in file id that go-judge does not have (it restarted, or the file expired). */
export class SandboxFileMissingError extends Error {
  constructor(readonly fileId: string) {
    super(`go-judge has no file ${fileId}`);
  }
}

const RETRYABLE = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "UND_ERR_SOCKET", "UND_ERR_CONNECT_TIMEOUT"]);

function isConnectionError(err: unknown): boolean {
  const e = err as { cause?: { code?: string }; code?: string; name?: string };
  if (e?.name === "AbortError") return false;
  return RETRYABLE.has(e?.cause?.code ?? "") || RETRYABLE.has(e?.code ?? "") || (err instanceof TypeError && String(err.message).includes("fetch failed"));
}

export interface SandboxClientOptions {
  /** Bearer token when go-judge runs with -auth-token. */
  token?: string;
  /** How long to keep retrying while go-judge cannot be reached. */
  retryForMs?: number;
}

export class SandboxClient {
  readonly url: string;
  private readonly headers: Record<string, string>;
  private readonly retryForMs: number;
  /** Files this client put into go-judge's store and has not deleted yet. */
  readonly liveFiles = new Set<string>();
  /**
   * False while the judge knows go-judge is down (sandbox-health.ts): a request that cannot connect
   * then fails at once instead of retrying for `retryForMs`.
   */
  reachable = true;

  constructor(url: string, opts: SandboxClientOptions = {}) {
    this.url = url.replace(/\/+$/, "");
    this.headers = opts.token ? { Authorization: `Bearer ${opts.token}` } : {};
    this.retryForMs = opts.retryForMs ?? 30_000;
  }

  private async request(path: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
    const deadline = Date.now() + this.retryForMs;
    let delay = 200;
    for (;;) {
      try {
        return await fetch(`${this.url}${path}`, { ...init, headers: { ...this.headers, ...(init.headers as Record<string, string>) }, signal });
      } catch (err) {
        if (!isConnectionError(err) || !this.reachable || Date.now() + delay > deadline) {
          if (isConnectionError(err)) throw new SandboxUnavailableError(`sandbox ${this.url} unreachable: ${(err as Error).message}`);
          throw err;
        }
        await sleep(delay, undefined, { signal });
        delay = Math.min(delay * 2, 3000);
      }
    }
  }

  /** Whether go-judge answers /version within `timeoutMs`, asked once (no retries). */
  async answers(timeoutMs: number): Promise<boolean> {
    try {
      const res = await fetch(`${this.url}/version`, { headers: this.headers, signal: AbortSignal.timeout(timeoutMs) });
      await res.body?.cancel();
      return res.ok;
    } catch {
      return false;
    }
  }

  async version(): Promise<Record<string, unknown>> {
    const res = await this.request("/version", { method: "GET" });
    if (!res.ok) throw new Error(`go-judge /version: HTTP ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  }

  /** Runs one command, or several connected by pipes; remembers the cached files it produced. */
  async run(cmd: SandboxCmd[], pipeMapping?: PipeMap[], signal?: AbortSignal): Promise<SandboxResult[]> {
    const res = await this.request(
      "/run",
      { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ cmd, pipeMapping }) },
      signal,
    );
    const text = await res.text();
    if (!res.ok) {
      const missing = /file does not exists? with id: \\?"?([A-Za-z0-9_-]+)/.exec(text);
      if (missing) throw new SandboxFileMissingError(missing[1]);
      throw new Error(`go-judge /run: HTTP ${res.status}: ${text.slice(0, 500)}`);
    }
    const body = JSON.parse(text) as SandboxResult[] | { error?: string };
    if (!Array.isArray(body)) throw new Error(`go-judge /run: ${body.error ?? text.slice(0, 500)}`);
    for (const r of body) for (const id of Object.values(r.fileIds ?? {})) this.liveFiles.add(id);
    return body;
  }

  /** Puts a local file into go-judge's store (streamed from disk). */
  async uploadPath(filePath: string, name: string, signal?: AbortSignal): Promise<string> {
    const form = new FormData();
    form.append("file", await openAsBlob(filePath), name);
    return this.upload(form, signal);
  }

  async uploadBytes(data: Uint8Array, name: string, signal?: AbortSignal): Promise<string> {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(data)]), name);
    return this.upload(form, signal);
  }

  private async upload(form: FormData, signal?: AbortSignal): Promise<string> {
    const res = await this.request("/file", { method: "POST", body: form }, signal);
    const text = await res.text();
    if (!res.ok) throw new Error(`go-judge upload: HTTP ${res.status}: ${text.slice(0, 300)}`);
    const id = JSON.parse(text) as string;
    this.liveFiles.add(id);
    return id;
  }

  /** The bytes of a cached file as a stream; null when go-judge no longer has it. */
  async download(fileId: string, signal?: AbortSignal): Promise<ReadableStream<Uint8Array> | null> {
    const res = await this.request(`/file/${encodeURIComponent(fileId)}`, { method: "GET" }, signal);
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok || !res.body) throw new Error(`go-judge download ${fileId}: HTTP ${res.status}`);
    return res.body;
  }

  async downloadBytes(fileId: string, signal?: AbortSignal): Promise<Buffer | null> {
    const body = await this.download(fileId, signal);
    if (!body) return null;
    return Buffer.from(await new Response(body).arrayBuffer());
  }

  async delete(fileId: string): Promise<void> {
    this.liveFiles.delete(fileId);
    try {
      const res = await this.request(`/file/${encodeURIComponent(fileId)}`, { method: "DELETE" });
      await res.body?.cancel();
    } catch {
      // Best effort: a file go-judge lost with a restart is gone anyway.
    }
  }

  async deleteAll(ids: Iterable<string>): Promise<void> {
    await Promise.all([...ids].map((id) => this.delete(id)));
  }

  /** Ids and names of every file in go-judge's store. */
  async listFiles(): Promise<Record<string, string>> {
    const res = await this.request("/file", { method: "GET" });
    if (!res.ok) throw new Error(`go-judge /file: HTTP ${res.status}`);
    return (await res.json()) as Record<string, string>;
  }
}

export const MS = 1_000_000;
export const MB = 1024 * 1024;

/** Reads a web stream chunk by chunk; return() cancels what was not read. */
export function chunksOf(body: ReadableStream<Uint8Array> | null): AsyncIterator<Uint8Array> {
  if (!body) return (async function* () {})();
  const reader = body.getReader();
  return {
    async next() {
      const r = await reader.read();
      return r.done ? { done: true, value: undefined } : { done: false, value: r.value };
    },
    async return() {
      await reader.cancel().catch(() => undefined);
      return { done: true, value: undefined };
    },
  };
}
