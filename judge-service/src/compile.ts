import path from "node:path";
import type { ExtraFile } from "../../app/lib/judge-protocol";
import type { LanguageRun, Toolchains } from "./languages";
import type { PrecompiledHeaders } from "./pch";
import { MB, MS, type CopyInFile, type SandboxClient, type SandboxResult } from "./sandbox";
import type { JudgeSettings } from "./settings";
import { isUnderSystemDirs } from "./toolchains";
import { truncateUtf8 } from "./verdict";
import { cpuMsOf, stoppedByWallClock, withWallReruns, type Attempt } from "./wall-clock";

// Compiling a program once; the runs copy in what the compile left in go-judge's store.

/**
 * What compiling needs of the judge's context (context.ts has the whole of it); checkers.ts
 * compiles with it too, so the context that holds the checker cache is not needed here.
 */
export interface CompileContext {
  sandbox: SandboxClient;
  toolchains: Toolchains;
  settings: JudgeSettings;
  /** Precompiled headers of the C and C++ languages (pch.ts). */
  pch: PrecompiledHeaders;
}

export type CompileOutcome =
  | { ok: true; artifacts: Record<string, string>; timeMs: number }
  /** The program does not compile (the compiler's message, or the limit it hit). */
  | { ok: false; systemError: false; message: string }
  /** The judge could not compile at all (toolchain gone, sandbox failure). */
  | { ok: false; systemError: true; message: string };

const EXTRA_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;

/** Checks extra file names (they land beside the program) and turns them into copy-in entries. */
export function extraFileCopyIn(files: ExtraFile[], reserved: string[]): Record<string, CopyInFile> {
  const out: Record<string, CopyInFile> = {};
  for (const f of files ?? []) {
    if (!EXTRA_NAME.test(f.name) || f.name.includes("..")) throw new InvalidTaskError(`invalid extra file name ${JSON.stringify(f.name)}`);
    if (reserved.includes(f.name)) throw new InvalidTaskError(`extra file ${f.name} would replace a file of the judge`);
    out[f.name] = { content: f.content };
  }
  return out;
}

/** A task that can never be judged as given (a System Error, not worth retrying). */
export class InvalidTaskError extends Error {}

/** Compiler messages without the sandbox's folders or the host's toolchain locations. */
export function cleanCompilerMessage(text: string, tc: Toolchains, max: number): string {
  let out = text.replace(/(^|[\s'"`(‘])\/w\//g, "$1");
  for (const t of Object.values(tc.found)) {
    if (!t || isUnderSystemDirs(t.path)) continue;
    const root = path.posix.dirname(path.posix.dirname(t.path));
    out = out.split(root).join(`<${t.id}>`);
  }
  return truncateUtf8(out, max);
}

function limitMessage(r: SandboxResult): string | null {
  if (r.status === "Time Limit Exceeded") return "Compilation time limit exceeded";
  if (r.status === "Memory Limit Exceeded") return "Compilation memory limit exceeded";
  if (r.status === "Output Limit Exceeded") return "Compilation output limit exceeded";
  return null;
}

export async function compileProgram(
  ctx: CompileContext,
  lang: LanguageRun,
  code: string,
  extra: Record<string, CopyInFile>,
  signal?: AbortSignal,
): Promise<CompileOutcome> {
  const pchDir = ctx.pch.includeDir(lang);
  if (!pchDir) return compileOnce(ctx, lang, code, extra, null, signal);
  const withPch = await compileOnce(ctx, lang, code, extra, pchDir, signal);
  // What fails is compiled again without the header, so the verdict and message are exactly those of
  // a compile without it (g++ may name the include chain of a diagnostic differently).
  return withPch.ok ? withPch : compileOnce(ctx, lang, code, extra, null, signal);
}

async function compileOnce(
  ctx: CompileContext,
  lang: LanguageRun,
  code: string,
  extra: Record<string, CopyInFile>,
  pchDir: string | null,
  signal?: AbortSignal,
): Promise<CompileOutcome> {
  const spec = lang.compile(ctx.toolchains);
  const s = ctx.settings;
  // The header's folder is searched before the system folders (pch.ts).
  const args = pchDir ? [spec.args[0], "-I", pchDir, ...spec.args.slice(1)] : spec.args;
  const cpuLimitMs = s.compileTimeMs ?? spec.cpuMs;
  const attempt = async (clockMs: number): Promise<Attempt<SandboxResult>> => {
    const [r] = await ctx.sandbox.run(
      [
        {
          args,
          env: spec.env,
          files: [{ content: "" }, { name: "stdout", max: s.compileOutputBytes, pipe: true }, { name: "stderr", max: s.compileOutputBytes, pipe: true }],
          cpuLimit: cpuLimitMs * MS,
          clockLimit: clockMs * MS,
          memoryLimit: spec.memoryMb * MB,
          stackLimit: 256 * MB,
          procLimit: spec.procLimit,
          copyIn: { ...extra, [lang.source]: { content: code } },
          copyOutCached: spec.artifacts,
        },
      ],
      undefined,
      signal,
    );
    return { value: r, wallStopped: stoppedByWallClock(r, cpuLimitMs), cpuMs: cpuMsOf(r) };
  };
  // A compile starved by a busy host is no Compile Error.
  const { value: r } = await withWallReruns({
    settings: s,
    clockMs: s.compileTimeMs !== null ? s.compileTimeMs * 2 : spec.wallMs,
    attempt,
    discard: (r) => ctx.sandbox.deleteAll(Object.values(r.fileIds ?? {})),
  });
  const ids = r.fileIds ?? {};
  const output = [r.files?.stdout ?? "", r.files?.stderr ?? ""].filter((x) => x.trim()).join("\n");
  const fail = async (outcome: CompileOutcome): Promise<CompileOutcome> => {
    await ctx.sandbox.deleteAll(Object.values(ids));
    return outcome;
  };
  if (r.status === "Internal Error") return fail({ ok: false, systemError: true, message: `compiler could not start: ${r.error ?? ""}` });
  const limit = limitMessage(r);
  if (limit) return fail({ ok: false, systemError: false, message: cleanCompilerMessage([limit, output].filter(Boolean).join("\n"), ctx.toolchains, s.compileMessageBytes) });
  if (r.status !== "Accepted") {
    const why = r.status === "Signalled" ? `Compiler killed by signal ${r.exitStatus}` : "";
    return fail({ ok: false, systemError: false, message: cleanCompilerMessage([output, why].filter(Boolean).join("\n") || "Compile Error", ctx.toolchains, s.compileMessageBytes) });
  }
  const missing = spec.artifacts.filter((a) => !ids[a]);
  if (missing.length > 0) {
    return fail({ ok: false, systemError: false, message: cleanCompilerMessage(output || `The compiler produced no ${missing.join(", ")}`, ctx.toolchains, s.compileMessageBytes) });
  }
  return { ok: true, artifacts: ids, timeMs: Math.round(r.time / 1e6) };
}
