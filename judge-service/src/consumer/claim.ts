import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { JUDGE_GROUP, JUDGE_STALE_MS, type JudgeInfo } from "../../../app/lib/judge-protocol";
import { aliveTtlMs, CLAIM_FROM_LUA, silentConsumers } from "../../../app/lib/stream-consumers";
import type { ClaimSource, JudgeMetrics } from "../metrics";
import { lanesOf, type Entry, type Group, type Lane, type Lanes } from "./lanes";
import { aliveKey } from "./lease";

// Taking over the tasks other judges no longer look after. The tasks of a judge whose alive key
// expired (it died, or froze) are claimed by the others at once; so are, at start, the tasks a
// previous run under the same name left. A task idle longer than the claim time is taken over as
// well (a judge that heartbeats but no longer looks after its task). Each claim is a delivery of its
// own, counted by Redis; finish.ts ends a task delivered too often.

// KEYS: task stream. ARGV: group, consumer. Removes a consumer that holds nothing.
const FORGET_CONSUMER_LUA = `
local p = redis.call('XPENDING', KEYS[1], ARGV[1], '-', '+', 1, ARGV[2])
if #p > 0 then return 0 end
return redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], ARGV[2])
`;

export const CLAIM_SCRIPTS = {
  ojClaimFrom: { numberOfKeys: 1, lua: CLAIM_FROM_LUA },
  ojForgetConsumer: { numberOfKeys: 1, lua: FORGET_CONSUMER_LUA },
};

export type ClaimRedis = Redis & {
  ojClaimFrom(k1: string, ...argv: string[]): Promise<Array<[string, string[] | null]>>;
  ojForgetConsumer(k1: string, ...argv: string[]): Promise<number>;
};

const CLAIM_PAGE = 50;
/** How long a judge remembers the tasks it left to others (they are long judged by then). */
const SKIP_FOR_MS = 3600_000;

type Pending = Array<[string, string, number, number]>;

export interface ClaimOptions {
  name: string;
  redisPrefix: string;
  claimIdleMs: number;
  heartbeatMs: number;
}

/** How often a slot group looks for tasks to take over. */
export function sweepMs(o: { claimIdleMs: number; heartbeatMs: number }): number {
  return Math.max(100, Math.min(Math.floor(o.claimIdleMs / 2), o.heartbeatMs, 10_000));
}

export class Claims {
  private readonly lastSweep: Record<Group, number> = { submission: 0, test: 0, remote: 0 };
  /** Whether the tasks a previous run under this name left were taken back, per lane group. */
  private readonly leftoversTaken: Record<Group, boolean> = { submission: false, test: false, remote: false };
  /** Tasks handed back because their language is not run here, by "lane id": left to other judges. */
  private readonly skipped = new Map<string, { language: string; at: number }>();

  constructor(
    private readonly redis: ClaimRedis,
    private readonly lanes: Lanes,
    private readonly judgesKey: string,
    private readonly o: ClaimOptions,
    private readonly metrics: JudgeMetrics,
    private readonly log: Logger,
  ) {}

  /** A task of the group to take over, at most once per sweep time; null when there is none. */
  async claimStale(group: Group): Promise<Entry | null> {
    const now = Date.now();
    if (now - this.lastSweep[group] < sweepMs(this.o)) return null;
    this.lastSweep[group] = now;
    if (!this.leftoversTaken[group]) {
      this.leftoversTaken[group] = true;
      await this.takeLeftovers(group);
      const first = this.lanes.backlog[group].shift();
      if (first) return first;
    }
    const others = this.skipped.size > 0 ? await this.liveLanguages() : new Set<string>();
    for (const lane of lanesOf(group)) {
      const stream = this.lanes.streams[lane];
      // The tasks of judges that stopped heartbeating, at once.
      for (const consumer of await this.silentConsumers(stream)) {
        const held = (await this.redis.xpending(stream, JUDGE_GROUP, "-", "+", CLAIM_PAGE, consumer)) as Pending;
        for (const [id] of held) {
          if (this.leftToOthers(lane, id, others)) continue;
          const entry = await this.claimedEntry(lane, stream, id, await this.redis.ojClaimFrom(stream, JUDGE_GROUP, consumer, this.o.name, id));
          if (entry) return this.claimedFrom(group, entry, "dead_judge", consumer);
        }
      }
      // Tasks idle longer than the claim time: their judge heartbeats but no longer looks after them.
      let start = "-";
      for (let round = 0; round < 20; round++) {
        const page = (await this.redis.xpending(stream, JUDGE_GROUP, "IDLE", this.o.claimIdleMs, start, "+", CLAIM_PAGE)) as Pending;
        for (const [id] of page) {
          if (this.leftToOthers(lane, id, others)) continue;
          const entry = await this.claimedEntry(lane, stream, id, (await this.redis.xclaim(stream, JUDGE_GROUP, this.o.name, this.o.claimIdleMs, id)) as Array<[string, string[] | null]>);
          if (entry) return this.claimedFrom(group, entry, "idle");
        }
        if (page.length < CLAIM_PAGE) break;
        start = `(${page[page.length - 1][0]}`;
      }
    }
    return null;
  }

  /** Remembers a task handed back for its language, so that it is left to the judges that run it. */
  remember(entry: Entry, language: string): void {
    const now = Date.now();
    if (this.skipped.size >= 10_000) {
      for (const [k, v] of this.skipped) if (now - v.at > SKIP_FOR_MS) this.skipped.delete(k);
    }
    this.skipped.set(`${entry.lane} ${entry.id}`, { language, at: now });
  }

  /** Languages the live judges other than this one advertise. */
  async liveLanguages(): Promise<Set<string>> {
    const now = Date.now();
    const out = new Set<string>();
    for (const [name, raw] of Object.entries(await this.redis.hgetall(this.judgesKey))) {
      if (name === this.o.name) continue;
      try {
        const info = JSON.parse(raw) as JudgeInfo;
        if (now - info.heartbeatAt <= JUDGE_STALE_MS) for (const l of info.languages ?? []) out.add(l);
      } catch {
        // A malformed entry is rewritten by its judge's next heartbeat.
      }
    }
    return out;
  }

  /** A task in a language this judge lacks is left to the live judges that advertise it. */
  private leftToOthers(lane: Lane, id: string, others: Set<string>): boolean {
    const skip = this.skipped.get(`${lane} ${id}`);
    if (skip && others.has(skip.language)) return true;
    this.skipped.delete(`${lane} ${id}`);
    return false;
  }

  /** The entry an XCLAIM returned, with its delivery count; null when it was not claimed or is gone. */
  private async claimedEntry(lane: Lane, stream: string, id: string, claimed: Array<[string, string[] | null]>): Promise<Entry | null> {
    // Taken by another judge meanwhile, or no longer in the stream (Redis 7 drops it from the list).
    if (!claimed || claimed.length === 0) return null;
    const fields = claimed[0][1];
    if (!fields) {
      await this.redis.xack(stream, JUDGE_GROUP, id);
      return null;
    }
    const pending = (await this.redis.xpending(stream, JUDGE_GROUP, id, id, 1)) as Pending;
    return { lane, stream, id, fields, deliveries: pending[0]?.[3] ?? 1 };
  }

  private claimedFrom(group: Group, entry: Entry, source: ClaimSource, from?: string): Entry {
    this.metrics.claimed.inc({ source });
    this.log.info({ lane: entry.lane, id: entry.id, deliveries: entry.deliveries, from }, source === "dead_judge" ? "claimed a task of a judge that stopped heartbeating" : "claimed a task left by another judge");
    // More may be waiting: sweep again right away.
    this.lastSweep[group] = 0;
    return entry;
  }

  /**
   * Consumers of a lane that hold tasks but stopped heartbeating (app/lib/stream-consumers.ts).
   * Those that hold nothing and have been silent for an hour are removed from the group.
   */
  private async silentConsumers(stream: string): Promise<string[]> {
    const silent = await silentConsumers(this.redis, stream, JUDGE_GROUP, this.o.name, (n) => aliveKey(this.o.redisPrefix, n), aliveTtlMs(this.o.heartbeatMs));
    for (const c of silent) {
      if (c.pending === 0 && c.idle > SKIP_FOR_MS) await this.redis.ojForgetConsumer(stream, JUDGE_GROUP, c.name);
    }
    return silent.filter((c) => c.pending > 0).map((c) => c.name);
  }

  /**
   * Tasks held under this judge's name from a previous run (it was killed, or restarted under the
   * same name): nobody else takes them while this name heartbeats, so this run takes them back now,
   * into the backlog, as deliveries of their own.
   */
  private async takeLeftovers(group: Group): Promise<void> {
    for (const lane of lanesOf(group)) {
      const stream = this.lanes.streams[lane];
      const held = (await this.redis.xpending(stream, JUDGE_GROUP, "-", "+", 1000, this.o.name)) as Pending;
      for (const [id] of held) {
        const entry = await this.claimedEntry(lane, stream, id, await this.redis.ojClaimFrom(stream, JUDGE_GROUP, this.o.name, this.o.name, id));
        if (!entry) continue;
        this.metrics.claimed.inc({ source: "own_leftover" });
        this.lanes.backlog[group].push(entry);
      }
      if (held.length > 0) this.log.info({ lane, count: held.length }, "took back the tasks a previous run under this name left");
    }
  }
}
