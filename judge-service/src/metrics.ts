import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { JUDGE_STATUS_INFO } from "../../app/lib/constants";

// A judge's Prometheus metrics, served on its own port at /metrics (http.ts). One registry per
// judge, so several judges in one process (tests) keep theirs apart. README.md lists the alerts
// worth having on them.

export type SlotGroup = "submission" | "test" | "remote";

/** Why a judge gave a task back to the queue. */
export type HandBackReason = "sandbox" | "failure" | "stop" | "language";

/** Where a claimed task came from: a judge that stopped heartbeating, one too slow, or this judge's previous run. */
export type ClaimSource = "dead_judge" | "idle" | "own_leftover";

export interface JudgeState {
  slots(group: SlotGroup): { size: number; busy: number };
  sandboxUp(): boolean;
  languages(): number;
}

/** The short name of a verdict for labels ("AC", "SE"), the code when unknown. */
export function verdictLabel(status: number): string {
  return JUDGE_STATUS_INFO[status]?.short ?? String(status);
}

export class JudgeMetrics {
  readonly registry = new Registry();
  readonly finished: Counter<"kind" | "verdict">;
  readonly systemErrors: Counter<"kind">;
  readonly handedBack: Counter<"reason">;
  readonly claimed: Counter<"source">;
  readonly judgingSeconds: Histogram<"kind">;
  readonly waitedSeconds: Histogram<"kind">;

  constructor(state: JudgeState, labels: { judge: string }) {
    const registers = [this.registry];
    this.registry.setDefaultLabels(labels);
    collectDefaultMetrics({ register: this.registry });
    const groups = ["submission", "test", "remote"] as const;
    // Gauges read from the judge when scraped.
    new Gauge({
      name: "oj_judge_slots",
      help: "Tasks this judge runs at once, by kind of slot",
      labelNames: ["group"],
      registers,
      collect() {
        for (const group of groups) this.set({ group }, state.slots(group).size);
      },
    });
    new Gauge({
      name: "oj_judge_slots_busy",
      help: "Slots running a task now",
      labelNames: ["group"],
      registers,
      collect() {
        for (const group of groups) this.set({ group }, state.slots(group).busy);
      },
    });
    new Gauge({
      name: "oj_judge_sandbox_up",
      help: "1 while the sandbox answers and tasks are taken, 0 while the judge is paused",
      registers,
      collect() {
        this.set(state.sandboxUp() ? 1 : 0);
      },
    });
    new Gauge({
      name: "oj_judge_languages",
      help: "Languages this judge advertises (0: it can run nothing)",
      registers,
      collect() {
        this.set(state.languages());
      },
    });
    this.finished = new Counter({ name: "oj_judge_tasks_finished_total", help: "Tasks this judge finished, by kind and verdict", labelNames: ["kind", "verdict"], registers });
    this.systemErrors = new Counter({ name: "oj_judge_system_errors_total", help: "Tasks this judge ended as System Error", labelNames: ["kind"], registers });
    this.handedBack = new Counter({ name: "oj_judge_tasks_handed_back_total", help: "Tasks this judge gave back to the queue, by reason", labelNames: ["reason"], registers });
    this.claimed = new Counter({ name: "oj_judge_tasks_claimed_total", help: "Tasks this judge took over from another consumer, by where they came from", labelNames: ["source"], registers });
    this.judgingSeconds = new Histogram({
      name: "oj_judge_task_seconds",
      help: "Time from taking a task to its stored result",
      labelNames: ["kind"],
      buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 40, 80, 160],
      registers,
    });
    this.waitedSeconds = new Histogram({
      name: "oj_judge_task_wait_seconds",
      help: "Time a task waited in the queue before this judge started it",
      labelNames: ["kind"],
      buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600],
      registers,
    });
  }
}
