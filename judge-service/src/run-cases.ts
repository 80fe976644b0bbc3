import type { CaseResult, TaskCase } from "../../app/lib/judge-protocol";
import { CasePlanner, summarize, type CaseMode, type Summary } from "./case-modes";

// The one flow that runs a problem's cases: asking the case mode which case still runs, stopping when
// the task is cancelled. What a case is (default, special judge, interactive, file IO) is the step's
// business.
//
// Cases run one at a time on the submission's own slot, and further cases at once on the judge's
// slots that no submission uses (RunSlots). Whatever ran at once, results are taken in case order, as
// if one case had run after the other: a case the mode would not have run (after the first failure in
// "stop at first failure", after a group's failure in "lowest of the group") is dropped when it ends,
// and its result is never published. It is not stopped midway: a run cut short could leave its output
// behind in go-judge's store, and it ends within its own limits anyway. Each run has its own time and memory limits in the sandbox, so
// running beside another changes no verdict or figure of it (tests/integration/judge/parallel.test.ts
// measures it).

/**
 * The judge's run slots: one per submission it may judge at once. A submission being judged holds
 * one; a case may take another only while it is free, and gives it back as soon as it ends, so a new
 * submission never waits for more than the case that took its slot.
 */
export class RunSlots {
  private used = 0;

  constructor(readonly size: number) {}

  get busy(): number {
    return this.used;
  }

  /** A submission starts (it always may: the consumer admits no more than the judge's concurrency). */
  enter(): () => void {
    this.used++;
    let left = false;
    return () => {
      if (!left) this.used--;
      left = true;
    };
  }

  /** A free slot for one more case, if any. */
  tryBorrow(): boolean {
    if (this.used >= this.size) return false;
    this.used++;
    return true;
  }

  giveBack(): void {
    this.used--;
  }
}

export interface RunCasesOptions {
  cases: TaskCase[];
  mode: CaseMode;
  problemType: number;
  /** Judges one case; `signal` ends when the task is cancelled or the flow fails. */
  step: (c: TaskCase, signal: AbortSignal) => Promise<CaseResult>;
  /** Called as each case's result is taken, in case order (the case message is published from here). */
  onCase?: (r: CaseResult) => Promise<void>;
  signal?: AbortSignal;
  /** Slots further cases may borrow; none runs one case at a time. */
  slots?: RunSlots;
}

interface Flight {
  c: TaskCase;
  abort: AbortController;
  outcome: { ok: true; result: CaseResult } | { ok: false; error: unknown } | null;
  settled: Promise<void>;
}

export async function runCases(o: RunCasesOptions): Promise<{ results: CaseResult[]; summary: Summary }> {
  const planner = new CasePlanner(o.mode);
  const results: CaseResult[] = [];
  const ordered = [...o.cases].sort((a, b) => a.index - b.index);
  /** Started and not yet taken, in case order. */
  const flights: Flight[] = [];
  let next = 0;
  let ownSlotFree = true;

  const launch = () => {
    while (next < ordered.length) {
      const c = ordered[next];
      // What the mode already rules out stays ruled out: later results only close more.
      if (!planner.shouldRun(c)) {
        next++;
        continue;
      }
      let borrowed = false;
      if (ownSlotFree) ownSlotFree = false;
      else if (o.slots?.tryBorrow()) borrowed = true;
      else return;
      next++;
      const abort = new AbortController();
      const signal = o.signal ? AbortSignal.any([o.signal, abort.signal]) : abort.signal;
      const flight: Flight = { c, abort, outcome: null, settled: Promise.resolve() };
      flight.settled = o
        .step(c, signal)
        .then(
          (result) => void (flight.outcome = { ok: true, result }),
          (error: unknown) => void (flight.outcome = { ok: false, error }),
        )
        .finally(() => {
          if (borrowed) o.slots?.giveBack();
          else ownSlotFree = true;
        });
      flights.push(flight);
    }
  };

  try {
    for (;;) {
      o.signal?.throwIfAborted();
      launch();
      if (flights.length === 0) break;
      // The head is still running (what was finished there was taken): wait for any running case.
      await Promise.race(flights.filter((f) => !f.outcome).map((f) => f.settled));
      // Take the finished results at the head, in order.
      while (flights[0]?.outcome) {
        const f = flights.shift()!;
        if (!planner.shouldRun(f.c)) continue;
        const outcome = f.outcome!;
        if (!outcome.ok) throw outcome.error;
        results.push(outcome.result);
        planner.record(f.c, outcome.result);
        await o.onCase?.(outcome.result);
      }
    }
  } finally {
    // Left by a failure or a cancellation: nothing may still run once the flow is left (the program's
    // files are deleted next).
    for (const f of flights) f.abort.abort();
    await Promise.all(flights.map((f) => f.settled));
  }
  return { results, summary: summarize(o.problemType, o.mode, ordered, results) };
}
