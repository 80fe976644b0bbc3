import os from "node:os";

// Where each toolchain may live. One table serves two sides: the machine that runs go-judge uses it
// to decide which folders to show read-only inside the sandbox (sandbox-host.ts), and the judge uses
// it to find the toolchain by running a probe inside the sandbox (probe.ts), so a go-judge on another
// machine is probed as it really is. A candidate may hold one `*` per path segment.

export type ToolchainId =
  | "gcc"
  | "g++"
  | "jdk"
  | "python3"
  | "pypy3"
  | "python2"
  | "go"
  | "node"
  | "rustc"
  | "php"
  | "ruby"
  | "mcs";

export interface Toolchain {
  id: ToolchainId;
  /** Executables to try, best first (globs allowed); the probe resolves symlinks. */
  candidates: string[];
  /** Arguments that print the version and exit 0. */
  versionArgs: string[];
  /** Other executables that must sit beside the found one (a JDK needs java and jar beside javac). */
  siblings?: string[];
  /** Extra host folders of configuration the toolchain reads (shown read-only when present). */
  configDirs?: string[];
}

const homes = [...new Set([os.homedir(), "/root"])];
const inHomes = (rel: string) => homes.map((h) => `${h}/${rel}`);

export const TOOLCHAINS: readonly Toolchain[] = [
  { id: "gcc", candidates: ["/usr/bin/gcc", "/usr/local/bin/gcc"], versionArgs: ["--version"] },
  { id: "g++", candidates: ["/usr/bin/g++", "/usr/local/bin/g++"], versionArgs: ["--version"] },
  {
    id: "jdk",
    candidates: ["/usr/lib/jvm/java-17-openjdk-*/bin/javac", "/usr/bin/javac", "/usr/lib/jvm/*/bin/javac", "/opt/jdk*/bin/javac"],
    versionArgs: ["-version"],
    siblings: ["java", "jar"],
    configDirs: ["/etc/java-*-openjdk"],
  },
  { id: "python3", candidates: ["/usr/bin/python3", "/usr/local/bin/python3"], versionArgs: ["--version"] },
  { id: "pypy3", candidates: ["/usr/bin/pypy3", "/usr/local/bin/pypy3", "/opt/pypy3*/bin/pypy3"], versionArgs: ["--version"] },
  {
    id: "python2",
    candidates: ["/usr/bin/python2.7", "/usr/bin/python2", "/usr/local/bin/python2.7", ...inHomes(".pyenv/versions/2.7*/bin/python2.7")],
    versionArgs: ["--version"],
  },
  { id: "go", candidates: ["/usr/local/go/bin/go", "/usr/lib/go/bin/go", "/usr/lib/go-*/bin/go", "/opt/go/bin/go"], versionArgs: ["version"] },
  { id: "node", candidates: ["/usr/bin/node", "/usr/local/bin/node"], versionArgs: ["--version"] },
  {
    id: "rustc",
    candidates: ["/usr/bin/rustc", "/usr/local/bin/rustc", ...inHomes(".rustup/toolchains/stable-*/bin/rustc"), ...inHomes(".rustup/toolchains/*/bin/rustc")],
    versionArgs: ["--version"],
  },
  { id: "php", candidates: ["/usr/bin/php", "/usr/local/bin/php"], versionArgs: ["--version"], configDirs: ["/etc/php"] },
  { id: "ruby", candidates: ["/usr/bin/ruby", "/usr/local/bin/ruby"], versionArgs: ["--version"] },
  { id: "mcs", candidates: ["/usr/bin/mcs"], versionArgs: ["--version"], siblings: ["mono"], configDirs: ["/etc/mono"] },
];

export function toolchain(id: ToolchainId): Toolchain {
  const t = TOOLCHAINS.find((x) => x.id === id);
  if (!t) throw new Error(`unknown toolchain ${id}`);
  return t;
}

/** Folders every sandbox sees read-only (the usual system tree). */
export const SYSTEM_DIRS = ["/bin", "/lib", "/lib64", "/usr"] as const;

/** Read-only Go build cache with the standard library precompiled (see sandbox-host.ts). */
export const SANDBOX_GO_CACHE = "/opt/go-build-cache";

/** Read-only folder of precompiled headers, one subfolder per compile-flag variant (see pch.ts). */
export const SANDBOX_PCH_DIR = "/opt/oj-pch";

/** Environment of the Go compiler, the same when the cache is warmed and inside the sandbox. */
export function goBuildEnv(goCache: string): string[] {
  return [
    "PATH=/usr/local/bin:/usr/bin:/bin",
    "HOME=/tmp",
    `GOCACHE=${goCache}`,
    "GOPATH=/tmp/gopath",
    "GO111MODULE=off",
    "CGO_ENABLED=0",
    "GOFLAGS=",
    "GOTOOLCHAIN=local",
  ];
}

/** Whether a path lies inside the folders every sandbox already sees. */
export function isUnderSystemDirs(p: string): boolean {
  return SYSTEM_DIRS.some((d) => p === d || p.startsWith(`${d}/`));
}
