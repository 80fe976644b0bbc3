import type { Logger } from "pino";
import type { SandboxHealth } from "../sandbox-health";
import type { Claims } from "./claim";
import type { Dispatcher } from "./dispatch";
import type { Entry, Group, Lanes, Running, Slots } from "./lanes";
import type { Lease } from "./lease";

// One loop per slot group: a free slot takes a task (one waiting in the backlog, then one to take
// over, then a new one) and runs it; the slot is free again when the task ends. Submission and
// self-test slots take nothing while the sandbox does not answer.

export interface SlotLoopParts {
  lanes: Lanes;
  claims: Claims;
  lease: Lease;
  dispatcher: Dispatcher;
  health: SandboxHealth;
  log: Logger;
  stopping: () => boolean;
}

export class SlotLoop {
  /** The tasks running now, by "stream id". */
  readonly running = new Map<string, Running>();

  constructor(private readonly p: SlotLoopParts) {}

  /** Remote tasks need no sandbox: they go on while it is away. */
  private sandboxReady(group: Group): boolean {
    return group === "remote" || this.p.health.healthy;
  }

  /** Fills the group's slots until the judge stops. */
  async run(group: Group): Promise<void> {
    const { lanes, health, stopping } = this.p;
    const slots = lanes.slotsOf(group);
    const backlog = lanes.backlog[group];
    while (!stopping()) {
      if (!this.sandboxReady(group)) {
        await health.whenHealthy();
        continue;
      }
      await slots.acquire();
      if (stopping()) {
        slots.release();
        break;
      }
      // The sandbox went down while this slot waited: read nothing.
      if (!this.sandboxReady(group)) {
        slots.release();
        continue;
      }
      let entry: Entry | null = null;
      try {
        entry = backlog.shift() ?? (await this.p.claims.claimStale(group)) ?? (await lanes.readNew(group));
      } catch (err) {
        if (!stopping()) {
          const msg = String((err as Error).message);
          if (msg.includes("NOGROUP")) await lanes.ensureGroups().catch(() => undefined);
          else this.p.log.warn({ err: msg }, "reading tasks failed");
          await new Promise((r) => setTimeout(r, 500));
        }
      }
      if (!entry || stopping() || !this.sandboxReady(group)) {
        if (entry && !stopping() && !this.sandboxReady(group)) await this.p.lease.handBack(entry, true, "sandbox");
        else if (entry) backlog.unshift(entry);
        slots.release();
        continue;
      }
      this.launch(entry, slots);
    }
  }

  private launch(entry: Entry, slots: Slots): void {
    const key = `${entry.stream} ${entry.id}`;
    const run: Running = { entry, abort: new AbortController(), why: null, done: Promise.resolve() };
    this.running.set(key, run);
    run.done = this.p.dispatcher
      .execute(run)
      .catch((err: Error) => this.p.log.error({ err: err.message, id: entry.id }, "task handling failed"))
      .finally(() => {
        this.running.delete(key);
        slots.release();
      });
  }
}
