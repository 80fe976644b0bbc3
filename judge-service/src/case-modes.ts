import { JudgeStatus, ProblemType } from "../../app/lib/constants";
import { totalScore } from "../../app/lib/case-scores";
import type { CaseResult, TaskCase, TaskProblem } from "../../app/lib/judge-protocol";

// Judge-case modes (spec section 3), as pure rules:
//   default                 every case runs; ACM takes the first failing case's status, OI sums scores
//   ergodic_without_error   the first failing case ends judging; later cases are not run
//   subtask_lowest          cases grouped by groupNum; a group scores its lowest case and stops at its
//                           first case without points
//   subtask_average         a group scores the rounded average of its cases
// An OI score is capped at the problem's total. Partial Accepted when some, not all, points are won.

export type CaseMode = TaskProblem["judgeCaseMode"];

/** Decides, case by case, whether the next case still runs. */
export class CasePlanner {
  private stopped = false;
  private readonly closedGroups = new Set<number>();

  constructor(private readonly mode: CaseMode) {}

  shouldRun(c: TaskCase): boolean {
    if (this.stopped) return false;
    if (this.mode === "subtask_lowest" && this.closedGroups.has(c.groupNum)) return false;
    return true;
  }

  record(c: TaskCase, r: CaseResult): void {
    const failed = r.status !== JudgeStatus.ACCEPTED;
    // A judge failure leaves the verdict unknown: nothing after it is worth running.
    if (r.status === JudgeStatus.SYSTEM_ERROR) this.stopped = true;
    if (this.mode === "ergodic_without_error" && failed) this.stopped = true;
    if (this.mode === "subtask_lowest" && failed && r.score <= 0) this.closedGroups.add(c.groupNum);
  }
}

/** Points won; cases that did not run count as zero. */
export function earnedScore(mode: CaseMode, cases: TaskCase[], results: CaseResult[]): number {
  const byIndex = new Map(results.map((r) => [r.index, r]));
  return totalScore(mode, cases.map((c) => ({ groupNum: c.groupNum, score: Math.max(0, byIndex.get(c.index)?.score ?? 0) })));
}

export interface Summary {
  status: number;
  score: number;
  time: number;
  memory: number;
  errorMessage: string;
}

export function summarize(problemType: number, mode: CaseMode, cases: TaskCase[], results: CaseResult[]): Summary {
  const ran = [...results].sort((a, b) => a.index - b.index);
  const time = Math.max(0, ...ran.map((r) => r.time));
  const memory = Math.max(0, ...ran.map((r) => r.memory));
  const systemError = ran.find((r) => r.status === JudgeStatus.SYSTEM_ERROR);
  if (systemError) return { status: JudgeStatus.SYSTEM_ERROR, score: 0, time, memory, errorMessage: systemError.message };
  const firstFailure = ran.find((r) => r.status !== JudgeStatus.ACCEPTED);
  const errorMessage = firstFailure?.message ?? "";
  const allPassed = !firstFailure && ran.length === cases.length;
  if (problemType !== ProblemType.OI) {
    return { status: firstFailure ? firstFailure.status : JudgeStatus.ACCEPTED, score: 0, time, memory, errorMessage };
  }
  const score = Math.min(earnedScore(mode, cases, ran), totalScore(mode, cases));
  let status: number;
  if (allPassed) status = JudgeStatus.ACCEPTED;
  else if (score > 0) status = JudgeStatus.PARTIAL_ACCEPTED;
  else status = firstFailure?.status ?? JudgeStatus.WRONG_ANSWER;
  return { status, score, time, memory, errorMessage };
}
