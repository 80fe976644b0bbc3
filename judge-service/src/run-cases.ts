import type { CaseResult, TaskCase } from "../../app/lib/judge-protocol";
import { CasePlanner, summarize, type CaseMode, type Summary } from "./case-modes";

// The one flow that runs a problem's cases: in order, asking the case mode which case still runs,
// stopping when the task is cancelled. What a case is (default, special judge, interactive, file IO)
// is the step's business.

export interface RunCasesOptions {
  cases: TaskCase[];
  mode: CaseMode;
  problemType: number;
  step: (c: TaskCase) => Promise<CaseResult>;
  /** Called as each case finishes (the case message is published from here). */
  onCase?: (r: CaseResult) => Promise<void>;
  signal?: AbortSignal;
}

export async function runCases(o: RunCasesOptions): Promise<{ results: CaseResult[]; summary: Summary }> {
  const planner = new CasePlanner(o.mode);
  const results: CaseResult[] = [];
  const ordered = [...o.cases].sort((a, b) => a.index - b.index);
  for (const c of ordered) {
    o.signal?.throwIfAborted();
    if (!planner.shouldRun(c)) continue;
    const r = await o.step(c);
    results.push(r);
    planner.record(c, r);
    await o.onCase?.(r);
  }
  return { results, summary: summarize(o.problemType, o.mode, ordered, results) };
}
