import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { JUDGE_ALIVE_KEY, JUDGE_GROUP } from "../../../app/lib/judge-protocol";
import type { HandBackReason, JudgeMetrics } from "../metrics";
import type { Entry, Group, Running } from "./lanes";

// A judge's hold on the tasks it took. A running task's idle time is refreshed (XCLAIM JUSTID,
// which does not count as a delivery), so only a task whose judge no longer looks after it grows
// idle enough for another judge to take it over (claim.ts). Both steps act only while this judge
// still owns the task. A failed attempt (web server unreachable for too long) hands the task back
// at once; a stop, a sandbox outage or a language this judge lacks hands it back without counting
// a delivery.

// KEYS: task stream. ARGV: group, consumer, task id.
const REFRESH_LUA = `
local p = redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[3], ARGV[3], 1)
if #p == 0 or p[1][2] ~= ARGV[2] then return 0 end
redis.call('XCLAIM', KEYS[1], ARGV[1], ARGV[2], 0, ARGV[3], 'JUSTID')
return 1
`;

// KEYS: task stream. ARGV: group, consumer, task id, idle ms, retry count ('' keeps it).
const HAND_BACK_LUA = `
local p = redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[3], ARGV[3], 1)
if #p == 0 or p[1][2] ~= ARGV[2] then return 0 end
if ARGV[5] == '' then
  redis.call('XCLAIM', KEYS[1], ARGV[1], ARGV[2], 0, ARGV[3], 'IDLE', ARGV[4], 'JUSTID')
else
  redis.call('XCLAIM', KEYS[1], ARGV[1], ARGV[2], 0, ARGV[3], 'IDLE', ARGV[4], 'RETRYCOUNT', ARGV[5], 'JUSTID')
end
return 1
`;

export const LEASE_SCRIPTS = {
  ojRefresh: { numberOfKeys: 1, lua: REFRESH_LUA },
  ojHandBack: { numberOfKeys: 1, lua: HAND_BACK_LUA },
};

export type LeaseRedis = Redis & {
  ojRefresh(k1: string, ...argv: string[]): Promise<number>;
  ojHandBack(k1: string, ...argv: string[]): Promise<number>;
};

/** The key a judge renews with every heartbeat; while it lives nobody takes the judge's tasks. */
export function aliveKey(redisPrefix: string, name: string): string {
  return `${redisPrefix}${JUDGE_ALIVE_KEY}:${name}`;
}

/** How often held tasks are refreshed: well within the claim time. */
export function refreshMs(claimIdleMs: number): number {
  return Math.max(50, Math.min(Math.floor(claimIdleMs / 3), 10_000));
}

export class Lease {
  constructor(
    private readonly redis: LeaseRedis,
    private readonly o: { name: string; claimIdleMs: number },
    private readonly metrics: JudgeMetrics,
    private readonly log: Logger,
  ) {}

  /**
   * Makes a task claimable by any judge now (or, with `idleMs` 0, after the claim time); a stop or a
   * language this judge lacks does not count as a delivery.
   */
  async handBack(entry: Entry, notCounted: boolean, reason: HandBackReason, idleMs = this.o.claimIdleMs): Promise<void> {
    this.metrics.handedBack.inc({ reason });
    const retry = notCounted ? String(Math.max(0, entry.deliveries - 1)) : "";
    await this.redis
      .ojHandBack(entry.stream, JUDGE_GROUP, this.o.name, entry.id, String(idleMs), retry)
      .catch((err: Error) => this.log.warn({ err: err.message, id: entry.id }, "handing a task back failed; it will be claimed after its idle time"));
  }

  /**
   * Refreshes every task held, running or waiting for a slot. One another judge owns now is aborted
   * (running) or dropped (waiting).
   */
  async refreshAll(running: Iterable<Running>, backlog: Record<Group, Entry[]>): Promise<void> {
    const held: Array<{ entry: Entry; run?: Running }> = [
      ...[...running].map((run) => ({ entry: run.entry, run })),
      ...backlog.submission.map((entry) => ({ entry })),
      ...backlog.test.map((entry) => ({ entry })),
      ...backlog.remote.map((entry) => ({ entry })),
    ];
    for (const h of held) {
      if (h.run?.why) continue;
      const mine = await this.redis.ojRefresh(h.entry.stream, JUDGE_GROUP, this.o.name, h.entry.id);
      if (mine === 1) continue;
      if (h.run) {
        h.run.why = "lost";
        h.run.abort.abort(new Error("task taken over by another judge"));
      } else {
        for (const q of [backlog.submission, backlog.test, backlog.remote]) {
          const i = q.indexOf(h.entry);
          if (i >= 0) q.splice(i, 1);
        }
      }
    }
  }
}
