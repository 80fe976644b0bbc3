import type { Logger } from "pino";
import type { SandboxClient } from "./sandbox";

// Whether the sandbox answers. The judge takes no task while it does not: a dead go-judge would
// otherwise turn every task into a failure (and, after the allowed deliveries, a System Error).
// go-judge is asked for /version every `probeMs` (twice as often while it is down); two missed
// answers in a row, or a task that found it unreachable, mark it down; one answer, and the check
// that it still runs the toolchains (`recheck`), mark it up again.

export interface SandboxHealthOptions {
  probeMs: number;
  log: Logger;
  /** Called once the sandbox answers again, before it counts as up (a new sandbox may differ). */
  recheck?: () => Promise<void>;
  /** Called when the sandbox goes down, with why. */
  onDown?: (reason: string) => void;
  onUp?: () => void;
}

const MISSES_FOR_DOWN = 2;
const PROBE_TIMEOUT_MS = 5000;

export class SandboxHealth {
  private up = true;
  private misses = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private waiters: Array<() => void> = [];
  private since = Date.now();

  constructor(
    private readonly sandbox: SandboxClient,
    private readonly o: SandboxHealthOptions,
  ) {}

  get healthy(): boolean {
    return this.up;
  }

  /** When the current state (up or down) began, in ms. */
  get stateSince(): number {
    return this.since;
  }

  start(): void {
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.release();
  }

  /** A task could not reach the sandbox (its client gave up retrying): down at once. */
  report(reason: string): void {
    if (this.up) this.down(reason);
  }

  /** Resolves once the sandbox is up (at once when it is), or when the monitor stops. */
  whenHealthy(): Promise<void> {
    if (this.up || this.stopped) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Lets every waiter through (the judge is stopping; they check and leave). */
  release(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  private schedule(): void {
    if (this.stopped) return;
    const every = this.up ? this.o.probeMs : Math.max(100, Math.floor(this.o.probeMs / 2));
    this.timer = setTimeout(() => void this.probe().finally(() => this.schedule()), every);
  }

  private async probe(): Promise<void> {
    // A sandbox that is gone refuses at once; a busy machine may take seconds to answer, which is
    // no reason to pause.
    const answered = await this.sandbox.answers(PROBE_TIMEOUT_MS);
    if (this.stopped) return;
    if (!answered) {
      this.misses++;
      if (this.up && this.misses >= MISSES_FOR_DOWN) this.down(`the sandbox at ${this.sandbox.url} did not answer ${this.misses} times in a row`);
      return;
    }
    this.misses = 0;
    if (this.up) return;
    this.sandbox.reachable = true;
    try {
      await this.o.recheck?.();
    } catch (err) {
      this.sandbox.reachable = false;
      this.o.log.warn({ err: (err as Error).message }, "the sandbox answers again but could not be checked; still paused");
      return;
    }
    if (this.stopped) return;
    this.up = true;
    this.o.log.info({ sandbox: this.sandbox.url, downMs: Date.now() - this.since }, "the sandbox answers again: taking tasks again");
    this.since = Date.now();
    this.o.onUp?.();
    this.release();
  }

  private down(reason: string): void {
    this.up = false;
    // What still waits for it gives up now (the tasks are handed back), instead of retrying.
    this.sandbox.reachable = false;
    this.since = Date.now();
    this.o.log.warn({ sandbox: this.sandbox.url, reason }, "the sandbox is unreachable: taking no tasks and handing back those held until it answers");
    this.o.onDown?.(reason);
  }
}
