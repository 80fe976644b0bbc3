import type { SandboxResult } from "./sandbox";
import type { JudgeSettings } from "./settings";

// Time limits are CPU time. The wall clock each run also gets is only a safety net against programs
// that sleep or block, and it is generous (settings.ts). On a busy host a program can still run out
// of wall time before it used its CPU time: it was waiting for a core, not computing slowly. A run
// the wall clock stopped while its CPU time was under its limit is therefore run again with more wall
// time, a bounded number of times, and the last attempt decides. A program that sleeps or blocks is
// stopped by the wall clock on every attempt and gets Time Limit Exceeded.
//
// Nothing else tells a starved program from a sleeper: CPU time alone does not (an interactive pair
// whose interactor computes while the user's program waits uses the same CPU time in every attempt
// whether the host is busy or the program blocks). So every such run gets its reruns, and a sleeper
// costs the sum of the attempts' wall clocks. Only once one run of a submission was stopped on every
// attempt, the submission has shown that it sleeps or blocks (a starved program would have ended with
// that much wall time), and its later runs get no reruns (RerunBudget).

/** Whether the wall clock stopped a run before it used `cpuLimitMs` of CPU time. */
export function stoppedByWallClock(r: SandboxResult, cpuLimitMs: number): boolean {
  return r.status === "Time Limit Exceeded" && r.time < cpuLimitMs * 1e6;
}

export interface Attempt<T> {
  value: T;
  /** The wall clock, not a CPU or memory limit, stopped it (of a pair: either program). */
  wallStopped: boolean;
  /** CPU time it used, in ms, per program (of a pair: both; waiting on each other is no CPU time). */
  cpuMs: number[];
}

/** Shared by the runs of one submission: spent once one of them was stopped on every attempt. */
export class RerunBudget {
  spent = false;
}

export interface WallReruns<T> {
  value: T;
  /** Wall clock of the attempt that decides, in ms. */
  clockMs: number;
  /** Attempts made after the first. */
  reruns: number;
}

/**
 * Runs `attempt` with the wall clock `clockMs`, and again with `wallRerunFactor` times more while the
 * wall clock stopped it before its CPU time ran out (at most `wallReruns` times, none once `budget` is
 * spent). `discard` frees what an attempt that is not kept left behind (its files in go-judge's store).
 */
export async function withWallReruns<T>(o: {
  settings: Pick<JudgeSettings, "wallReruns" | "wallRerunFactor">;
  clockMs: number;
  attempt: (clockMs: number) => Promise<Attempt<T>>;
  discard?: (value: T) => Promise<void>;
  budget?: RerunBudget;
  /** Told of each rerun (the judge logs them). */
  onRerun?: (info: { clockMs: number; cpuMs: number[]; rerun: number }) => void;
}): Promise<WallReruns<T>> {
  let clockMs = o.clockMs;
  let a = await o.attempt(clockMs);
  let reruns = 0;
  while (a.wallStopped && reruns < o.settings.wallReruns && !o.budget?.spent) {
    await o.discard?.(a.value);
    clockMs = Math.ceil(clockMs * o.settings.wallRerunFactor);
    reruns++;
    o.onRerun?.({ clockMs, cpuMs: a.cpuMs, rerun: reruns });
    a = await o.attempt(clockMs);
  }
  if (a.wallStopped && o.budget) o.budget.spent = true;
  return { value: a.value, clockMs, reruns };
}

export const cpuMsOf = (...runs: SandboxResult[]): number[] => runs.map((r) => r.time / 1e6);
