import path from "node:path";
import pino, { type Logger } from "pino";
import { CheckerCache } from "./checkers";
import { optionsFromEnv, readTestlib, type JudgeOptions } from "./config";
import type { JudgeContext } from "./context";
import type { JudgeSettings } from "./settings";
import { availableLanguages } from "./languages";
import { PrecompiledHeaders } from "./pch";
import { probeToolchains } from "./probe";
import { RunSlots } from "./run-cases";
import { SandboxClient } from "./sandbox";
import { TestDataCache } from "./testdata";

export function judgeLogger(level: string): Logger {
  return pino({ level, base: { svc: "judge" } });
}

/** Some options, settings included, given explicitly. */
export type JudgeOverrides = Partial<Omit<JudgeOptions, "settings" | "remote">> & { settings?: Partial<JudgeSettings>; remote?: Partial<JudgeOptions["remote"]> };

/** Options from the environment, with explicit ones on top. */
export function judgeOptions(overrides: JudgeOverrides = {}, env: Record<string, string | undefined> = process.env): JudgeOptions {
  const base = optionsFromEnv(env);
  // The folder of precompiled headers lies in the cache folder unless it is given on its own.
  const pchDir = overrides.pchDir ?? (overrides.cacheDir && !env.JUDGE_PCH_DIR ? path.resolve(overrides.cacheDir, "pch") : base.pchDir);
  return { ...base, ...overrides, pchDir, settings: { ...base.settings, ...overrides.settings }, remote: { ...base.remote, ...overrides.remote } };
}

/** The languages a judge advertises: what its sandbox runs, narrowed to `only` when configured. */
export function restrictLanguages(found: string[], only: string[] | null, log?: Logger): string[] {
  if (!only) return found;
  const unknown = only.filter((n) => !found.includes(n));
  if (unknown.length > 0) log?.warn({ unknown }, "JUDGE_LANGUAGES names languages this sandbox cannot run; they are not advertised");
  return found.filter((n) => only.includes(n));
}

/** Connects to the sandbox, finds its toolchains, and sets up the caches. */
export async function createJudgeContext(o: JudgeOptions, log: Logger = judgeLogger(o.logLevel)): Promise<JudgeContext> {
  const sandbox = new SandboxClient(o.goJudgeUrl, { token: o.goJudgeToken || undefined });
  // A judge started before its sandbox waits for it rather than advertising nothing.
  for (let delay = 500; ; delay = Math.min(delay * 2, 10_000)) {
    try {
      await sandbox.version();
      break;
    } catch (err) {
      log.warn({ sandbox: o.goJudgeUrl, err: (err as Error).message }, "sandbox not reachable yet");
      await new Promise((r) => setTimeout(r, delay));
    }
  }
  const toolchains = await probeToolchains(sandbox);
  const languages = restrictLanguages(availableLanguages(toolchains), o.languages, log);
  if (languages.length === 0) log.warn({ sandbox: o.goJudgeUrl }, "the sandbox has no usable compiler: this judge can run nothing");
  const testdata = new TestDataCache({
    dir: path.join(o.cacheDir, "testdata"),
    webUrl: o.webInternalUrl,
    token: o.judgeToken,
    maxBytes: o.cacheMaxBytes,
    retryForMs: o.dataRetryMs,
    log: (obj, msg) => log.info(obj, msg),
  });
  const checkers = new CheckerCache(path.join(o.cacheDir, "checkers"), readTestlib(o.testlibPath));
  const pch = new PrecompiledHeaders({ sandbox, toolchains, languages, dir: o.pchDir, enabled: o.pch, log });
  const runSlots = new RunSlots(o.parallelCases ? o.concurrency : 1);
  return { sandbox, toolchains, languages, testdata, checkers, pch, runSlots, settings: o.settings, log, name: o.name };
}
