import { type ResolvedToolchain, type Toolchains } from "./languages";
import { MB, MS, type SandboxClient } from "./sandbox";
import { SANDBOX_GO_CACHE, TOOLCHAINS, type Toolchain } from "./toolchains";

// Finds the toolchains by running their version command inside the sandbox itself, so what the judge
// advertises is what the sandbox (local or remote) can really run.

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A shell script that prints the real path of the first usable candidate, then its version. */
export function probeScript(t: Toolchain): string {
  // Candidates are constants of toolchains.ts; left unquoted so their `*` expands inside the sandbox.
  const siblings = (t.siblings ?? []).map((s) => `[ -x "$d/${s}" ] || ok=0`).join("; ");
  return [
    `for p in ${t.candidates.join(" ")}; do`,
    `  if [ -f "$p" ] && [ -x "$p" ]; then`,
    `    r=$(readlink -f "$p"); d=$(dirname "$r"); ok=1; ${siblings || ":"}`,
    `    if [ $ok = 1 ]; then echo "$r"; exec "$r" ${t.versionArgs.map(quote).join(" ")} 2>&1; fi`,
    `  fi`,
    `done`,
    `exit 127`,
  ].join("\n");
}

async function probeOne(sandbox: SandboxClient, t: Toolchain): Promise<ResolvedToolchain | null> {
  const [r] = await sandbox.run([
    {
      args: ["/bin/sh", "-c", probeScript(t)],
      env: ["PATH=/usr/local/bin:/usr/bin:/bin", "HOME=/tmp", "LANG=C.UTF-8"],
      files: [{ content: "" }, { name: "stdout", max: 64 * 1024, pipe: true }, { name: "stderr", max: 16 * 1024, pipe: true }],
      cpuLimit: 10_000 * MS,
      clockLimit: 30_000 * MS,
      memoryLimit: 1024 * MB,
      procLimit: 64,
    },
  ]);
  if (r.status !== "Accepted") return null;
  const lines = (r.files?.stdout ?? "").split("\n").map((l) => l.trim());
  const [p, ...rest] = lines;
  if (!p?.startsWith("/")) return null;
  return { id: t.id, path: p, version: rest.find((l) => l.length > 0) ?? "" };
}

async function hasGoCache(sandbox: SandboxClient): Promise<boolean> {
  const [r] = await sandbox.run([
    {
      args: ["/bin/sh", "-c", `[ -d ${SANDBOX_GO_CACHE} ]`],
      env: ["PATH=/usr/bin:/bin"],
      files: [{ content: "" }, { name: "stdout", max: 1024, pipe: true }, { name: "stderr", max: 1024, pipe: true }],
      cpuLimit: 2000 * MS,
      clockLimit: 5000 * MS,
      memoryLimit: 64 * MB,
      procLimit: 8,
    },
  ]);
  return r.status === "Accepted";
}

export async function probeToolchains(sandbox: SandboxClient): Promise<Toolchains> {
  const results = await Promise.all(TOOLCHAINS.map((t) => probeOne(sandbox, t).catch(() => null)));
  const found: Toolchains["found"] = {};
  for (const r of results) if (r) found[r.id] = r;
  const goCache = found.go && (await hasGoCache(sandbox).catch(() => false)) ? SANDBOX_GO_CACHE : null;
  return { found, goCache };
}
