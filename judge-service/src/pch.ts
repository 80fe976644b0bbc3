import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { chmod, mkdir, open, readFile, rename, rm, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { allLanguageRuns, type LanguageRun, type PchSpec, type Toolchains } from "./languages";
import { MB, MS, type SandboxClient } from "./sandbox";
import { SANDBOX_PCH_DIR } from "./toolchains";

// Precompiled headers. Most C++ solutions start with `#include <bits/stdc++.h>`, whose parsing is
// most of their compile. For every C and C++ language the judge offers, that header (stdio.h for C)
// is precompiled with exactly the language's compile flags into a folder of its own:
//
//   <folder>/<key>/bits/stdc++.h.gch   the precompiled header
//   <folder>/<key>/bits/stdc++.h       a link to the real header, for includes the .gch cannot serve
//   <folder>/<key>/stamp.json          flags, header and compiler it was built with
//
// The sandbox shows the folder read-only at SANDBOX_PCH_DIR, and a compile of that language gets
// `-I SANDBOX_PCH_DIR/<key>`: g++ looks for `bits/stdc++.h.gch` in each folder of the include path
// before the header itself, and takes it when it is valid for the compile (it was built with the same
// compiler and flags, and nothing but comments and the like precedes the include); otherwise it reads
// the linked header, which only includes the library's headers from their usual places. The binary is
// the same either way. (-I, not -isystem: g++ replaces the path of a header found in a system folder
// by its real path when that is shorter, and would then look for the .gch beside the real header.)
// Diagnostics may name the include chain differently, so a compile that fails with the folder is done
// again without it, and its message is exactly the one without (compile.ts).
//
// A judge whose folder the sandbox shows builds what is missing or stale (another compiler, other
// flags) at start, inside the sandbox, one variant after the other in the background; its compiles go
// without until then. A sandbox whose folder the judge cannot write (another machine, a Docker image
// built with it: sandbox-host.ts) is used as it is when its stamps match, and not used otherwise.

const STAMP = "stamp.json";
/** Changes when the layout or the way of building changes: older folders are built again. */
const FORMAT = 1;
const LOCK_STALE_MS = 10 * 60_000;
const BUILD_WAIT_MS = 15 * 60_000;

export interface PchVariant {
  key: string;
  spec: PchSpec;
  /** Languages compiled with exactly these flags. */
  languages: string[];
}

export interface PchStamp {
  format: number;
  key: string;
  flags: string[];
  header: string;
  /** The real header the .gch was made of. */
  headerPath: string;
  /** The compiler as the build saw it (identityScript). */
  compiler: string;
}

/** `cxx-c++17-O2`: the compiler family, standard and optimisation of the flags. */
export function pchKey(spec: PchSpec): string {
  const std = spec.flags.filter((f) => f.startsWith("-std=")).map((f) => f.slice(5));
  const opt = spec.flags.filter((f) => /^-O\w*$/.test(f)).map((f) => f.slice(1));
  return [spec.compiler === "g++" ? "cxx" : "c", ...std, ...opt].join("-");
}

/** The variants of the given languages (all of the catalogue by default), one per set of flags. */
export function pchVariants(runs: readonly LanguageRun[] = allLanguageRuns()): PchVariant[] {
  const out = new Map<string, PchVariant>();
  for (const r of runs) {
    if (!r.pch) continue;
    const key = pchKey(r.pch);
    const known = out.get(key);
    if (known && JSON.stringify(known.spec) !== JSON.stringify(r.pch)) throw new Error(`languages ${known.languages[0]} and ${r.name} share ${key} with other flags`);
    if (known) known.languages.push(r.name);
    else out.set(key, { key, spec: r.pch, languages: [r.name] });
  }
  return [...out.values()];
}

/** The folder a compile of this language adds to its include path, inside the sandbox. */
export function sandboxPchDir(key: string): string {
  return `${SANDBOX_PCH_DIR}/${key}`;
}

const quote = (s: string) => (/^[\w./+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
const sourceLanguage = (spec: PchSpec) => (spec.compiler === "g++" ? "c++" : "c");
const compilerProper = (spec: PchSpec) => (spec.compiler === "g++" ? "cc1plus" : "cc1");

/**
 * A shell script printing what identifies the compiler: its real path, version line, and the size and
 * time of the compiler proper (a rebuilt compiler of the same version rejects older headers).
 */
export function identityScript(compiler: string, spec: PchSpec): string {
  const c = quote(compiler);
  return [
    `r=$(readlink -f ${c}) || exit 3`,
    `echo "$r"`,
    `${c} --version 2>&1 | head -n 1`,
    `p=$(${c} -print-prog-name=${compilerProper(spec)})`,
    `stat -L -c '%s %Y' "$p" 2>/dev/null || echo "$p"`,
  ].join("\n");
}

/** A shell script that precompiles the header into `out` and prints the real header's path. */
export function buildScript(compiler: string, spec: PchSpec, out: string): string {
  const c = quote(compiler);
  const flags = spec.flags.map(quote).join(" ");
  const lang = sourceLanguage(spec);
  return [
    // -H names every header read, the requested one first.
    `h=$(printf '#include <%s>\\n' ${quote(spec.header)} | ${c} ${flags} -x ${lang} -E -H -o /dev/null - 2>&1 >/dev/null | sed -n '1s/^\\. //p')`,
    `[ -n "$h" ] || { echo "${spec.header} not found" >&2; exit 3; }`,
    `echo "$h"`,
    `exec ${c} ${flags} -x ${lang}-header "$h" -o ${quote(out)}`,
  ].join("\n");
}

/** Whether a stamp describes a header built for these flags by this compiler. */
export function stampMatches(raw: string, v: PchVariant, identity: string): boolean {
  try {
    const s = JSON.parse(raw) as Partial<PchStamp>;
    return (
      s.format === FORMAT &&
      s.key === v.key &&
      s.header === v.spec.header &&
      JSON.stringify(s.flags) === JSON.stringify(v.spec.flags) &&
      typeof s.headerPath === "string" &&
      s.compiler === identity
    );
  } catch {
    return false;
  }
}

/** Puts a built header in place: the stamp goes last, so a half-installed variant is never taken. */
export async function installPch(root: string, v: PchVariant, gchFile: string, headerPath: string, identity: string): Promise<void> {
  const base = path.join(root, v.key);
  const target = path.join(base, v.spec.header);
  await mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
  await rm(path.join(base, STAMP), { force: true });
  await chmod(gchFile, 0o644);
  await rename(gchFile, `${target}.gch`);
  const link = `${target}.${randomBytes(4).toString("hex")}.tmp`;
  await symlink(headerPath, link);
  await rename(link, target);
  const stamp: PchStamp = { format: FORMAT, key: v.key, flags: v.spec.flags, header: v.spec.header, headerPath, compiler: identity };
  const tmp = path.join(base, `${STAMP}.${randomBytes(4).toString("hex")}.tmp`);
  await writeFile(tmp, `${JSON.stringify(stamp, null, 2)}\n`, { mode: 0o644 });
  await rename(tmp, path.join(base, STAMP));
}

/** One builder per variant among the judges sharing a folder; a lock left by a dead one expires. */
async function lock(root: string, key: string): Promise<(() => Promise<void>) | null> {
  const file = path.join(root, `${key}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const h = await open(file, "wx", 0o644);
      await h.writeFile(`${os.hostname()} ${process.pid}\n`);
      await h.close();
      return () => rm(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const [host, pid] = (await readFile(file, "utf8").catch(() => "")).trim().split(" ");
    const age = Date.now() - ((await stat(file).catch(() => null))?.mtimeMs ?? 0);
    let alive = true;
    if (host === os.hostname() && Number(pid) > 0) {
      try {
        process.kill(Number(pid), 0);
      } catch {
        alive = false;
      }
    }
    if (alive && age < LOCK_STALE_MS) return null;
    await rm(file, { force: true });
  }
  return null;
}

interface ShellResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

// ---- the judge's side: through the sandbox -------------------------------------------------------

export interface PchOptions {
  sandbox: SandboxClient;
  toolchains: Toolchains;
  /** Languages this judge runs: only their variants are prepared. */
  languages: string[];
  /** The folder on this machine the sandbox shows at SANDBOX_PCH_DIR; null when there is none here. */
  dir: string | null;
  enabled: boolean;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export class PrecompiledHeaders {
  private readonly ready = new Set<string>();
  /** Resolves once every variant is ready or given up (the benchmark and tests wait for it). */
  readonly settled: Promise<void>;

  constructor(private readonly o: PchOptions) {
    this.settled = o.enabled ? this.prepare().catch((err: Error) => o.log.warn({ err: err.message }, "precompiled headers not prepared")) : Promise.resolve();
  }

  /** The include folder of this language's precompiled header, when it is ready. */
  includeDir(lang: LanguageRun): string | null {
    if (!lang.pch) return null;
    const key = pchKey(lang.pch);
    return this.ready.has(key) ? sandboxPchDir(key) : null;
  }

  /** Keys of the variants in use. */
  readyKeys(): string[] {
    return [...this.ready].sort();
  }

  private async shell(script: string, o: { copyOut?: string; timeMs?: number; memoryMb?: number } = {}): Promise<ShellResult & { fileId?: string }> {
    const [r] = await this.o.sandbox.run([
      {
        args: ["/bin/sh", "-c", script],
        env: ["PATH=/usr/local/bin:/usr/bin:/bin", "HOME=/tmp", "LANG=C.UTF-8", "LC_ALL=C.UTF-8"],
        files: [{ content: "" }, { name: "stdout", max: 64 * 1024, pipe: true }, { name: "stderr", max: 64 * 1024, pipe: true }],
        cpuLimit: (o.timeMs ?? 10_000) * MS,
        clockLimit: (o.timeMs ?? 10_000) * 3 * MS,
        memoryLimit: (o.memoryMb ?? 512) * MB,
        procLimit: 32,
        ...(o.copyOut ? { copyOutCached: [o.copyOut], copyOutMax: 1024 * MB } : {}),
      },
    ]);
    return { ok: r.status === "Accepted", stdout: r.files?.stdout ?? "", stderr: r.files?.stderr ?? "", fileId: o.copyOut ? r.fileIds?.[o.copyOut] : undefined };
  }

  private compilerOf(v: PchVariant): string | null {
    return this.o.toolchains.found[v.spec.compiler]?.path ?? null;
  }

  /** The compiler's identity inside the sandbox, and whether the variant's stamp matches it. */
  private async check(v: PchVariant): Promise<{ identity: string; fresh: boolean }> {
    const compiler = this.compilerOf(v)!;
    const r = await this.shell(`cat ${sandboxPchDir(v.key)}/${STAMP} 2>/dev/null\necho '@@'\n${identityScript(compiler, v.spec)}`);
    const at = r.stdout.lastIndexOf("@@\n");
    const identity = r.stdout.slice(at + 3).trim();
    return { identity, fresh: r.ok && at >= 0 && stampMatches(r.stdout.slice(0, at), v, identity) };
  }

  /** Whether the compiler really takes the header: -H marks a used precompiled header with `!`. */
  private async used(v: PchVariant): Promise<boolean> {
    const compiler = this.compilerOf(v)!;
    const source = v.spec.compiler === "g++" ? "main.cpp" : "main.c";
    const [r] = await this.o.sandbox.run([
      {
        args: [compiler, ...v.spec.flags, "-I", sandboxPchDir(v.key), "-H", "-fsyntax-only", source],
        env: ["PATH=/usr/local/bin:/usr/bin:/bin", "HOME=/tmp"],
        files: [{ content: "" }, { name: "stdout", max: 64 * 1024, pipe: true }, { name: "stderr", max: 256 * 1024, pipe: true }],
        cpuLimit: 10_000 * MS,
        clockLimit: 30_000 * MS,
        memoryLimit: 1024 * MB,
        procLimit: 32,
        copyIn: { [source]: { content: `#include <${v.spec.header}>\nint main(void) { return 0; }\n` } },
      },
    ]);
    const first = (r.files?.stderr ?? "").split("\n")[0]?.trim();
    return r.status === "Accepted" && first === `! ${sandboxPchDir(v.key)}/${v.spec.header}.gch`;
  }

  /** Whether the sandbox's folder is this judge's own (it can build into it). */
  private async ownsFolder(): Promise<boolean> {
    if (!this.o.dir) return false;
    const name = `.seen-${randomBytes(8).toString("hex")}`;
    const file = path.join(this.o.dir, name);
    try {
      await mkdir(this.o.dir, { recursive: true, mode: 0o755 });
      await writeFile(file, "");
      return (await this.shell(`[ -f ${SANDBOX_PCH_DIR}/${name} ]`)).ok;
    } catch {
      return false;
    } finally {
      await rm(file, { force: true });
    }
  }

  private async build(v: PchVariant, identity: string): Promise<boolean> {
    const root = this.o.dir!;
    const unlock = await lock(root, v.key);
    if (!unlock) {
      // Another judge on this machine builds it: take it once it is there.
      const until = Date.now() + BUILD_WAIT_MS;
      while (Date.now() < until) {
        await new Promise((r) => setTimeout(r, 2000));
        if ((await this.check(v)).fresh) return true;
      }
      return false;
    }
    let fileId: string | undefined;
    const started = performance.now();
    try {
      const r = await this.shell(buildScript(this.compilerOf(v)!, v.spec, "pch.gch"), { copyOut: "pch.gch", timeMs: 120_000, memoryMb: 2048 });
      fileId = r.fileId;
      const headerPath = r.stdout.trim().split("\n")[0] ?? "";
      if (!r.ok || !fileId || !headerPath.startsWith("/")) {
        this.o.log.warn({ key: v.key, stderr: r.stderr.slice(0, 2000) }, "precompiling the header failed");
        return false;
      }
      const body = await this.o.sandbox.download(fileId);
      if (!body) return false;
      await mkdir(path.join(root, v.key), { recursive: true, mode: 0o755 });
      const tmp = path.join(root, v.key, `pch.${randomBytes(4).toString("hex")}.tmp`);
      try {
        await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), createWriteStream(tmp));
        await installPch(root, v, tmp, headerPath, identity);
      } finally {
        await rm(tmp, { force: true });
      }
      this.o.log.info({ key: v.key, ms: Math.round(performance.now() - started) }, "precompiled header built");
      return true;
    } finally {
      if (fileId) await this.o.sandbox.delete(fileId);
      await unlock();
    }
  }

  private async prepare(): Promise<void> {
    const variants = pchVariants().filter((v) => v.languages.some((l) => this.o.languages.includes(l)) && this.compilerOf(v) !== null);
    if (variants.length === 0) return;
    if (!(await this.shell(`[ -d ${SANDBOX_PCH_DIR} ]`)).ok) {
      this.o.log.info({ folder: SANDBOX_PCH_DIR }, "the sandbox has no folder of precompiled headers: compiles go without");
      return;
    }
    // Fresh ones are taken at once; the others are built after, one at a time.
    const stale: Array<{ v: PchVariant; identity: string }> = [];
    for (const v of variants) {
      const c = await this.check(v);
      if (c.fresh) this.ready.add(v.key);
      else stale.push({ v, identity: c.identity });
    }
    if (stale.length > 0 && !(await this.ownsFolder())) {
      this.o.log.warn({ stale: stale.map((s) => s.v.key) }, "precompiled headers missing or stale in a sandbox folder this judge cannot write: those compiles go without");
      return;
    }
    for (const { v, identity } of stale) {
      if ((await this.build(v, identity)) && (await this.used(v))) this.ready.add(v.key);
      else this.o.log.warn({ key: v.key }, "precompiled header not usable: those compiles go without");
    }
    this.o.log.info({ ready: this.readyKeys() }, "precompiled headers ready");
  }
}

// ---- the sandbox host's side: with the host's compilers (a Docker image build) --------------------

function sh(script: string, cwd: string): Promise<ShellResult> {
  return new Promise((resolve) => {
    const child = spawn("/bin/sh", ["-c", script], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", (err) => resolve({ ok: false, stdout, stderr: String(err) }));
    child.on("close", (code) => resolve({ ok: code === 0, stdout, stderr }));
  });
}

/**
 * Builds every variant whose compiler this machine has into `root`, with the compilers the sandbox
 * shows (the same files: the sandbox sees this machine's system tree). Used where the sandbox's
 * folder is made once, as in the sandbox image.
 */
export async function buildPchOnHost(root: string, compilers: Partial<Record<PchSpec["compiler"], string>>, log: (line: string) => void = () => undefined): Promise<string[]> {
  await mkdir(root, { recursive: true, mode: 0o755 });
  const built: string[] = [];
  for (const v of pchVariants()) {
    const compiler = compilers[v.spec.compiler];
    if (!compiler) continue;
    const identity = (await sh(identityScript(compiler, v.spec), root)).stdout.trim();
    const stamp = await readFile(path.join(root, v.key, STAMP), "utf8").catch(() => "");
    if (stampMatches(stamp, v, identity)) continue;
    await mkdir(path.join(root, v.key), { recursive: true, mode: 0o755 });
    const tmp = path.join(root, v.key, `pch.${randomBytes(4).toString("hex")}.tmp`);
    try {
      const r = await sh(buildScript(compiler, v.spec, tmp), root);
      const headerPath = r.stdout.trim().split("\n")[0] ?? "";
      if (!r.ok || !headerPath.startsWith("/")) {
        log(`precompiled header ${v.key} failed: ${r.stderr.slice(0, 500)}`);
        continue;
      }
      await installPch(root, v, tmp, headerPath, identity);
      built.push(v.key);
      log(`precompiled header ${v.key} built`);
    } finally {
      await rm(tmp, { force: true });
    }
  }
  return built;
}
