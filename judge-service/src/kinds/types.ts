import type { CaseResult, ExtraFile, TaskCase, TaskProblem } from "../../../app/lib/judge-protocol";
import type { JudgeContext } from "../context";
import type { LanguageRun } from "../languages";
import type { CopyInFile } from "../sandbox";
import type { TestDataSet } from "../testdata";
import type { RerunBudget } from "../wall-clock";
import type { CaseFiles } from "./case-files";

/** The limits one run of the user's program gets (this language's effective limits). */
/** A checker's or output validator's verdict on one case. */
export interface Decision {
  status: number;
  score: number;
  message: string;
}

export interface UserLimits {
  timeMs: number;
  clockMs: number;
  memoryMb: number;
  stackMb: number;
}

/** One submission being judged: what every case step needs. */
export interface Job {
  ctx: JudgeContext;
  problem: TaskProblem;
  lang: LanguageRun;
  limits: UserLimits;
  /** The compiled program in go-judge's store, by file name. */
  artifacts: Record<string, string>;
  /** userExtraFiles, placed beside the program. */
  userExtra: Record<string, CopyInFile>;
  /** judgeExtraFiles, placed beside the checker or interactor. */
  judgeExtra: ExtraFile[];
  data: TestDataSet;
  files: CaseFiles;
  signal: AbortSignal;
  /** Reruns with more wall time the submission's runs may still have (wall-clock.ts). */
  reruns: RerunBudget;
}

/**
 * A problem type (default comparison, special judge, interactive). It compiles what it needs besides
 * the user's program and judges one case; the shared flow (run-cases.ts) decides which cases run.
 */
export interface ProblemKind {
  /** Prepares the checker or interactor; returns why it cannot (a System Error), or null. */
  prepare(job: Job): Promise<string | null>;
  runCase(job: Job, c: TaskCase): Promise<CaseResult>;
}

export function caseResult(
  c: TaskCase,
  r: { status: number; timeMs: number; memoryKb: number; score?: number; userOutput?: string; message?: string },
): CaseResult {
  return {
    index: c.index,
    status: r.status,
    time: r.timeMs,
    memory: r.memoryKb,
    score: r.score ?? 0,
    groupNum: c.groupNum,
    inputData: c.input,
    outputData: c.output,
    userOutput: r.userOutput ?? "",
    message: r.message ?? "",
  };
}
