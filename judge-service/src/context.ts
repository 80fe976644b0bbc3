import type { Logger } from "pino";
import type { CheckerCache } from "./checkers";
import type { Toolchains } from "./languages";
import type { PrecompiledHeaders } from "./pch";
import type { RunSlots } from "./run-cases";
import type { SandboxClient } from "./sandbox";
import type { JudgeSettings } from "./settings";
import type { TestDataCache } from "./testdata";

/** Everything judging needs, shared by the tasks of one judge process (and by runDirect). */
export interface JudgeContext {
  sandbox: SandboxClient;
  toolchains: Toolchains;
  /** Language names this judge can run. */
  languages: string[];
  testdata: TestDataCache;
  checkers: CheckerCache;
  /** Precompiled headers of the C and C++ languages (pch.ts). */
  pch: PrecompiledHeaders;
  /** The judge's run slots, which a submission's cases borrow when they are free (run-cases.ts). */
  runSlots: RunSlots;
  settings: JudgeSettings;
  log: Logger;
  /** Name reported as the judger of results. */
  name: string;
}
