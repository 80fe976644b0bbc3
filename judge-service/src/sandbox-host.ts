import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildPchOnHost } from "./pch";
import { goBuildEnv, isUnderSystemDirs, SANDBOX_GO_CACHE, SANDBOX_PCH_DIR, SYSTEM_DIRS, toolchain, TOOLCHAINS, type Toolchain } from "./toolchains";

// Prepares the machine that runs go-judge: the mount configuration (what the sandbox sees) and a
// read-only Go build cache and folder of precompiled headers (pch.ts). The sandbox sees the system tree, the toolchains found outside it and
// their configuration folders read-only, a few devices, and two empty tmpfs (/w, /tmp): nothing else
// of the host (no /etc/shadow, no home folders, no data folders).
//
// scripts/lib/services.ts calls prepareSandboxHost() before starting go-judge. For a go-judge on
// another machine, run this file there:
//   node --import tsx judge-service/src/sandbox-host.ts <mount.yaml> [go-cache-dir [pch-dir]]
// and start go-judge with -mount-conf=<mount.yaml>. With a pch-dir, the precompiled headers are built
// there with this machine's compilers (a judge on another machine cannot build them for its sandbox).

interface MountEntry {
  type: "bind" | "tmpfs";
  source?: string;
  target: string;
  readonly?: boolean;
  data?: string;
}

const DEVICES = ["/dev/null", "/dev/urandom", "/dev/random", "/dev/zero", "/dev/full"];

/** Expands `*` within path segments against the local file system, sorted, existing paths only. */
export function expandGlob(pattern: string): string[] {
  const parts = pattern.split("/").filter(Boolean);
  let found = ["/"];
  for (const part of parts) {
    const next: string[] = [];
    for (const base of found) {
      if (!part.includes("*")) {
        const p = path.join(base, part);
        if (existsSync(p)) next.push(p);
        continue;
      }
      const re = new RegExp(`^${part.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);
      let names: string[] = [];
      try {
        names = readdirSync(base).sort();
      } catch {
        continue;
      }
      for (const n of names) if (re.test(n)) next.push(path.join(base, n));
    }
    found = next;
  }
  return found;
}

function isExecutable(p: string): boolean {
  try {
    const st = statSync(p);
    return st.isFile() && (st.mode & 0o111) !== 0;
  } catch {
    return false;
  }
}

/** The real path of a toolchain's executable on this machine, or null. */
export function findHostToolchain(t: Toolchain): string | null {
  for (const c of t.candidates) {
    for (const p of expandGlob(c)) {
      if (!isExecutable(p)) continue;
      const real = realpathSync(p);
      if ((t.siblings ?? []).every((s) => isExecutable(path.join(path.dirname(real), s)))) return real;
    }
  }
  return null;
}

export interface MountOptions {
  goCacheDir?: string | null;
  /** Folder of precompiled headers, shown read-only at SANDBOX_PCH_DIR. */
  pchDir?: string | null;
}

/** Mount entries for this machine: system folders, toolchains found outside them, devices, tmpfs. */
export function sandboxMounts(opts: MountOptions = {}): MountEntry[] {
  const mounts: MountEntry[] = SYSTEM_DIRS.filter((d) => existsSync(d)).map((d) => ({ type: "bind", source: d, target: d, readonly: true }));
  const seen = new Set<string>(SYSTEM_DIRS);
  const bindRo = (p: string) => {
    if (seen.has(p) || !existsSync(p)) return;
    seen.add(p);
    mounts.push({ type: "bind", source: p, target: p, readonly: true });
  };
  bindRo("/etc/ld.so.cache");
  bindRo("/etc/alternatives");
  for (const t of TOOLCHAINS) {
    const real = findHostToolchain(t);
    if (!real) continue;
    // A toolchain installed outside the system tree lives in a prefix with bin/ below it.
    if (!isUnderSystemDirs(real)) bindRo(path.dirname(path.dirname(real)));
    for (const dir of t.configDirs ?? []) for (const p of expandGlob(dir)) bindRo(p);
  }
  if (opts.goCacheDir && existsSync(opts.goCacheDir)) {
    mounts.push({ type: "bind", source: opts.goCacheDir, target: SANDBOX_GO_CACHE, readonly: true });
  }
  if (opts.pchDir && existsSync(opts.pchDir)) {
    mounts.push({ type: "bind", source: opts.pchDir, target: SANDBOX_PCH_DIR, readonly: true });
  }
  for (const d of DEVICES) if (existsSync(d)) mounts.push({ type: "bind", source: d, target: d });
  mounts.push({ type: "tmpfs", target: "/w", data: "size=256m,nr_inodes=8k" });
  mounts.push({ type: "tmpfs", target: "/tmp", data: "size=256m,nr_inodes=8k" });
  return mounts;
}

/** go-judge's mount configuration (JSON is valid YAML, and quoting stays exact). */
export function mountConfigText(opts: MountOptions = {}): string {
  const conf = {
    mount: sandboxMounts(opts),
    // Java needs /proc/self/exe; the sandbox has its own pid namespace, so /proc shows only its own.
    proc: true,
    symLink: [
      { linkPath: "/dev/fd", target: "/proc/self/fd" },
      { linkPath: "/dev/stdin", target: "/proc/self/fd/0" },
      { linkPath: "/dev/stdout", target: "/proc/self/fd/1" },
      { linkPath: "/dev/stderr", target: "/proc/self/fd/2" },
    ],
    workDir: "/w",
    hostName: "judge",
    domainName: "judge",
  };
  return `# Generated by judge-service/src/sandbox-host.ts; regenerated at every start.\n${JSON.stringify(conf, null, 2)}\n`;
}

// Packages most solutions import; compiling them once keeps a Go compile well under a second.
const GO_WARM_IMPORTS = [
  "bufio",
  "bytes",
  "container/heap",
  "container/list",
  "errors",
  "fmt",
  "io",
  "math",
  "math/big",
  "math/bits",
  "math/rand",
  "os",
  "regexp",
  "sort",
  "strconv",
  "strings",
  "sync",
  "time",
  "unicode",
];

function run(cmd: string, args: string[], opts: { cwd?: string; env?: Record<string, string> }): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env as NodeJS.ProcessEnv | undefined, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", (err) => resolve({ code: -1, output: String(err) }));
    child.on("close", (code) => resolve({ code, output }));
  });
}

/**
 * Fills a Go build cache with the standard packages solutions use, built exactly as the sandbox
 * builds (same GOROOT, same environment), so compiles inside the sandbox find them. Runs in the
 * background; a compile before it ends is only slower.
 */
export async function warmGoCache(goBin: string, cacheDir: string, log: (line: string) => void = () => undefined): Promise<void> {
  const version = (await run(goBin, ["version"], {})).output.trim();
  const stamp = path.join(cacheDir, "oj-warm.txt");
  const wanted = `${version}\n${GO_WARM_IMPORTS.join(" ")}\n`;
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === wanted) return;
  mkdirSync(cacheDir, { recursive: true, mode: 0o755 });
  const work = mkdtempSync(path.join(os.tmpdir(), "oj-go-warm-"));
  try {
    writeFileSync(path.join(work, "main.go"), `package main\n\nimport (\n${GO_WARM_IMPORTS.map((p) => `\t_ "${p}"\n`).join("")})\n\nfunc main() {}\n`);
    const env: Record<string, string> = {};
    for (const kv of goBuildEnv(cacheDir)) {
      const i = kv.indexOf("=");
      env[kv.slice(0, i)] = kv.slice(i + 1);
    }
    env.GOPATH = path.join(work, "gopath");
    env.HOME = work;
    log(`warming the Go build cache in ${cacheDir}`);
    const res = await run(goBin, ["build", "-o", "main", "main.go"], { cwd: work, env });
    if (res.code !== 0) {
      log(`Go build cache not warmed: ${res.output.slice(0, 500)}`);
      return;
    }
    writeFileSync(stamp, wanted);
    log("Go build cache ready");
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function usableCacheDir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o755 });
    const st = statSync(dir);
    // Someone else's folder, or one others may write into, must not feed compiles.
    return st.isDirectory() && st.uid === process.getuid?.() && (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/** The default place of the Go build cache: kept across runs, private to this user. */
export function defaultGoCacheDir(): string {
  return path.join(os.tmpdir(), `oj-go-build-cache-${process.getuid?.() ?? 0}`);
}

/**
 * A folder of precompiled headers kept across runs and shared by this user's throw-away stacks (tests,
 * browser tests), which would otherwise each build them again.
 */
export function sharedPchDir(): string {
  return path.join(os.tmpdir(), `oj-pch-${process.getuid?.() ?? 0}`);
}

export interface SandboxHostOptions {
  /** Where to write the mount configuration. */
  mountConfPath: string;
  /** Folder of the Go build cache (created when missing); null for none. */
  goCacheDir?: string | null;
  /** Folder of precompiled headers the judge builds into (created when missing); null for none. */
  pchDir?: string | null;
  log?: (line: string) => void;
}

/** Writes the mount configuration and starts warming the Go cache; returns the warm-up promise. */
export function prepareSandboxHost(o: SandboxHostOptions): { mountConfPath: string; goCacheWarm: Promise<void> } {
  const log = o.log ?? (() => undefined);
  const goTool = TOOLCHAINS.find((t) => t.id === "go");
  const goBin = goTool ? findHostToolchain(goTool) : null;
  let goCacheDir = o.goCacheDir === undefined ? defaultGoCacheDir() : o.goCacheDir;
  if (goCacheDir && (!goBin || !usableCacheDir(goCacheDir))) goCacheDir = null;
  const pchDir = o.pchDir && usableCacheDir(o.pchDir) ? o.pchDir : null;
  mkdirSync(path.dirname(o.mountConfPath), { recursive: true });
  writeFileSync(o.mountConfPath, mountConfigText({ goCacheDir, pchDir }));
  const goCacheWarm = goBin && goCacheDir ? warmGoCache(goBin, goCacheDir, log).catch((err) => log(`Go cache: ${String(err)}`)) : Promise.resolve();
  return { mountConfPath: o.mountConfPath, goCacheWarm };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [out, cache, pch] = process.argv.slice(2);
  if (!out) {
    console.error("usage: sandbox-host.ts <mount.yaml> [go-cache-dir [pch-dir]]");
    process.exit(2);
  }
  const log = (l: string) => console.error(l);
  const pchDir = pch ? path.resolve(pch) : null;
  if (pchDir) {
    const compilers = { gcc: findHostToolchain(toolchain("gcc")) ?? undefined, "g++": findHostToolchain(toolchain("g++")) ?? undefined };
    await buildPchOnHost(pchDir, compilers, log);
  }
  const { goCacheWarm } = prepareSandboxHost({ mountConfPath: path.resolve(out), goCacheDir: cache ? path.resolve(cache) : undefined, pchDir, log });
  await goCacheWarm;
  console.error(`wrote ${out}`);
}
