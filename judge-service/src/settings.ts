/** Limits and sizes the judge applies besides the problem's own limits. */
export interface JudgeSettings {
  /**
   * CPU time of every compile (its wall clock twice as much) instead of each language's own compile
   * limits (HOJ's, languages.ts); null keeps the languages' own.
   */
  compileTimeMs: number | null;
  /** Compiler output kept (stdout and stderr each). */
  compileOutputBytes: number;
  /** Compile error text stored with a submission. */
  compileMessageBytes: number;
  /** Largest output a program may write per case (at least twice the answer's size is allowed). */
  outputLimitBytes: number;
  /** stderr kept per run. */
  stderrBytes: number;
  /**
   * Wall clock limit = time limit × factor + extra. Verdicts are decided by CPU time; the wall clock
   * only stops programs that sleep or block (wall-clock.ts).
   */
  clockFactor: number;
  clockExtraMs: number;
  /**
   * A run the wall clock stopped before it used its CPU time (a busy host, or a program that waits)
   * is run again, up to `wallReruns` times, each time with `wallRerunFactor` times the wall clock of
   * the attempt before (wall-clock.ts). The same holds for checkers, interactors and compiles.
   */
  wallReruns: number;
  wallRerunFactor: number;
  /** Case files up to this size (and valid UTF-8) travel inside the run request. */
  inlineMaxBytes: number;
  /** Start of the output shown in the case panel. */
  userOutputBytes: number;
  /** Case and checker messages. */
  caseMessageBytes: number;
  /** Start of a self-test's output sent back to the user. */
  testOutputBytes: number;
  /** What a checker or interactor may write on stdout and stderr each (its message comes from there). */
  judgeProgramOutputBytes: number;
  /**
   * A checker or interactor gets twice the user's limits, and never less than these: a tight
   * problem must not starve the program that judges it.
   */
  judgeProgramMinTimeMs: number;
  judgeProgramMinMemoryMb: number;
  /** Processes and threads a checker or interactor may start. */
  judgeProgramProcs: number;
  /**
   * Output one `run` task keeps for the web side (in Redis): past it the task ends with the runs
   * done so far and the web side asks again for the rest.
   */
  runKeepBytes: number;
}

export const DEFAULT_SETTINGS: JudgeSettings = {
  compileTimeMs: null,
  compileOutputBytes: 64 * 1024,
  compileMessageBytes: 64 * 1024,
  outputLimitBytes: 64 * 1024 * 1024,
  stderrBytes: 16 * 1024,
  clockFactor: 3,
  clockExtraMs: 1000,
  wallReruns: 2,
  wallRerunFactor: 3,
  inlineMaxBytes: 256 * 1024,
  userOutputBytes: 2048,
  caseMessageBytes: 4096,
  testOutputBytes: 64 * 1024,
  judgeProgramOutputBytes: 16 * 1024,
  judgeProgramMinTimeMs: 2000,
  judgeProgramMinMemoryMb: 256,
  judgeProgramProcs: 16,
  runKeepBytes: 256 * 1024 * 1024,
};
