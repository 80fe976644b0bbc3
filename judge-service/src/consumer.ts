import os from "node:os";
import { Redis } from "ioredis";
import type { Logger } from "pino";
import { JudgeStatus } from "../../app/lib/constants";
import {
  COMPILE_RESULT_KEY,
  decodeMessage,
  encodeMessage,
  JUDGE_ALIVE_KEY,
  JUDGE_GROUP,
  JUDGE_STALE_MS,
  JUDGES_KEY,
  JudgeStreams,
  LANGUAGES_SEEN_KEY,
  LAST_LANGUAGES_KEY,
  RESULT_GROUP,
  STREAM_FIELD,
  TASK_MAX_DELIVERIES,
  TEST_OWNER_KEY,
  TEST_RESULT_KEY,
  TEST_RESULT_TTL_S,
  type CompileCheckResult,
  type JudgeInfo,
  type JudgeTask,
  type RemoteFetchResult,
  REMOTE_FETCH_RESULT_KEY,
  type ResultMessage,
  type SubmissionTask,
  type TestJudgeResult,
  type TestTask,
} from "../../app/lib/judge-protocol";
import { aliveTtlMs, CLAIM_FROM_LUA, silentConsumers } from "../../app/lib/stream-consumers";
import type { JudgeOptions } from "./config";
import type { JudgeContext } from "./context";
import type { Readiness } from "./http";
import { checkCompile, judgeSubmission, judgeTest, NotOnThisJudgeError, systemErrorFinal } from "./judge";
import { availableLanguages } from "./languages";
import { JudgeMetrics, verdictLabel, type ClaimSource, type HandBackReason, type SlotGroup } from "./metrics";
import { RemoteWorker } from "./remote/worker";
import { probeToolchains } from "./probe";
import { SandboxFileMissingError, SandboxUnavailableError } from "./sandbox";
import { SandboxHealth } from "./sandbox-health";
import { createJudgeContext, judgeLogger, judgeOptions, restrictLanguages, type JudgeOverrides } from "./setup";
import { JUDGE_VERSION } from "./version";

// The Redis side of a judge: a member of consumer group "judges" on the three task lanes.
//
// - Submissions come from the contest lane before the normal lane; self-tests and compile checks come
//   from the test lane on slots of their own, so they never wait behind long judging.
// - A task is acknowledged in the same atomic step (a Lua script, like MULTI) that stores its result,
//   and only while this judge still owns it: a judge that was too slow and lost its task to another
//   publishes nothing, so exactly one final result is acknowledged.
// - Every heartbeat renews the judge's alive key. The tasks of a judge whose alive key expired (it
//   died, or froze) are claimed by the others at once; so are, at start, the tasks a previous run
//   under the same name left. A running task's idle time is refreshed too (XCLAIM JUSTID, which does
//   not count as a delivery), and a task idle longer than the claim time is taken over as well
//   (a judge that heartbeats but no longer looks after its task). A task delivered more than
//   TASK_MAX_DELIVERIES times ends as System Error with the last failure's reason.
// - A failed attempt (web server unreachable for too long) hands the task back at once.
// - While the sandbox does not answer (sandbox-health.ts) the judge takes nothing and hands back
//   what it holds without counting a delivery: nothing fails for it; it goes on once the sandbox
//   answers again.
// - On stop, running tasks get a grace period; those still running are handed back without counting
//   as a delivery.

const FAILURE_KEY = "judge:task-failure";
const FAILURE_TTL_S = 7 * 24 * 3600;
/** When (ms) a judge first found no live judge advertising a task's language. */
const ORPHAN_KEY = "judge:task-orphan";
const CLAIM_PAGE = 50;
/** How long a judge remembers the tasks it left to others (they are long judged by then). */
const SKIP_FOR_MS = 3600_000;

type Lane = "contest" | "normal" | "test" | "remote";
/** Lanes that share slots: submissions (contest, then normal), self-tests, remote tasks. */
type Group = SlotGroup;

interface Entry {
  lane: Lane;
  stream: string;
  id: string;
  fields: string[];
  deliveries: number;
}

interface Running {
  entry: Entry;
  abort: AbortController;
  /** Why it was aborted: another judge owns it now, this judge is stopping, or its sandbox is down. */
  why: "lost" | "stop" | "pause" | null;
  done: Promise<void>;
}

class Slots {
  private used = 0;
  private waiters: Array<() => void> = [];

  constructor(readonly size: number) {}

  get busy(): number {
    return this.used;
  }

  acquire(): Promise<void> {
    if (this.used < this.size) {
      this.used++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(() => (this.used++, resolve())));
  }

  release(): void {
    this.used--;
    const next = this.waiters.shift();
    if (next) next();
  }

  /** Lets every waiter through (the judge is stopping; they check and leave). */
  wakeAll(): void {
    for (const w of this.waiters.splice(0)) w();
  }
}

// KEYS: task stream, result target (results stream or result key), failure key, a key that gets the
// result's lifetime too (the self-test's owner record; the failure key again when there is none).
// ARGV: group, consumer, task id, "xadd" | "set", field, payload, ttl, "1" to expire KEYS[4].
const FINISH_LUA = `
local p = redis.call('XPENDING', KEYS[1], ARGV[1], ARGV[3], ARGV[3], 1)
if #p == 0 or p[1][2] ~= ARGV[2] then return 0 end
if ARGV[4] == 'xadd' then
  redis.call('XADD', KEYS[2], '*', ARGV[5], ARGV[6])
else
  redis.call('SET', KEYS[2], ARGV[6], 'EX', tonumber(ARGV[7]))
  if ARGV[8] == '1' then redis.call('EXPIRE', KEYS[4], tonumber(ARGV[7])) end
end
redis.call('XACK', KEYS[1], ARGV[1], ARGV[3])
redis.call('DEL', KEYS[3])
return 1
`;

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

// KEYS: task stream. ARGV: group, consumer. Removes a consumer that holds nothing.
const FORGET_CONSUMER_LUA = `
local p = redis.call('XPENDING', KEYS[1], ARGV[1], '-', '+', 1, ARGV[2])
if #p > 0 then return 0 end
return redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], ARGV[2])
`;

// KEYS: judge registry, last advertised languages, when each language was last advertised, the
// judge's alive key. ARGV: judge name, its JudgeInfo, now (ms), how old a heartbeat may be (ms), the
// alive key's lifetime (ms). Registers the judge, renews its alive key, rewrites the union of the
// live judges' languages and marks each of them as seen now.
const HEARTBEAT_LUA = `
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('SET', KEYS[4], ARGV[3], 'PX', tonumber(ARGV[5]))
local all = redis.call('HGETALL', KEYS[1])
local now, stale = tonumber(ARGV[3]), tonumber(ARGV[4])
local seen, names = {}, {}
for i = 2, #all, 2 do
  local ok, info = pcall(cjson.decode, all[i])
  if ok and type(info) == 'table' and tonumber(info.heartbeatAt) and now - tonumber(info.heartbeatAt) <= stale and type(info.languages) == 'table' then
    for _, l in ipairs(info.languages) do
      if type(l) == 'string' and not seen[l] then
        seen[l] = true
        names[#names + 1] = l
      end
    end
  end
end
if #names > 0 then
  table.sort(names)
  redis.call('SET', KEYS[2], cjson.encode(names))
  for _, l in ipairs(names) do redis.call('HSET', KEYS[3], l, ARGV[3]) end
end
return #names
`;

type ScriptRedis = Redis & {
  ojFinish(k1: string, k2: string, k3: string, k4: string, ...argv: string[]): Promise<number>;
  ojRefresh(k1: string, ...argv: string[]): Promise<number>;
  ojHandBack(k1: string, ...argv: string[]): Promise<number>;
  ojHeartbeat(k1: string, k2: string, k3: string, k4: string, ...argv: string[]): Promise<number>;
  ojClaimFrom(k1: string, ...argv: string[]): Promise<Array<[string, string[] | null]>>;
  ojForgetConsumer(k1: string, ...argv: string[]): Promise<number>;
};

function redisClient(url: string, name: string): ScriptRedis {
  const r = new Redis(url, { maxRetriesPerRequest: null, connectionName: name, lazyConnect: false }) as ScriptRedis;
  r.defineCommand("ojFinish", { numberOfKeys: 4, lua: FINISH_LUA });
  r.defineCommand("ojRefresh", { numberOfKeys: 1, lua: REFRESH_LUA });
  r.defineCommand("ojHandBack", { numberOfKeys: 1, lua: HAND_BACK_LUA });
  r.defineCommand("ojHeartbeat", { numberOfKeys: 4, lua: HEARTBEAT_LUA });
  r.defineCommand("ojClaimFrom", { numberOfKeys: 1, lua: CLAIM_FROM_LUA });
  r.defineCommand("ojForgetConsumer", { numberOfKeys: 1, lua: FORGET_CONSUMER_LUA });
  return r;
}

/** Waits for a promise at most `ms`; its failure or lateness is ignored. */
async function timeLimited<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([p.catch(() => undefined), new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

type StreamReply = Array<[string, Array<[string, string[] | null]>]> | null;

export interface StartJudgeOptions extends JudgeOverrides {
  log?: Logger;
  /** An existing judging context (sandbox, caches); made from the options otherwise. */
  context?: JudgeContext;
}

export interface RunningJudge {
  readonly name: string;
  readonly context: JudgeContext;
  readonly metrics: JudgeMetrics;
  /** False while the sandbox does not answer (the judge then takes no task). */
  readonly sandboxUp: boolean;
  info(): JudgeInfo;
  /** What /readyz answers: Redis and the sandbox answer, and some language runs here. */
  readiness(): Promise<Readiness>;
  /** Stops taking tasks, lets running ones finish within the grace period, hands back the rest. */
  stop(opts?: { graceMs?: number }): Promise<void>;
}

export async function startJudge(overrides: StartJudgeOptions = {}): Promise<RunningJudge> {
  const { log: givenLog, context, ...rest } = overrides;
  const o = judgeOptions(rest);
  const log = givenLog ?? judgeLogger(o.logLevel);
  // A shared context (sandbox, caches) still reports this judge's name and its own languages.
  const ctx = context ? { ...context, name: o.name, languages: restrictLanguages(context.languages, o.languages, log) } : await createJudgeContext(o, log);
  const judge = new Judge(o, ctx, log);
  await judge.start();
  return judge;
}

class Judge implements RunningJudge {
  readonly name: string;
  private readonly redis: ScriptRedis;
  private readonly blockingSubmissions: ScriptRedis;
  private readonly blockingTests: ScriptRedis;
  private readonly streams: Record<Lane, string>;
  private readonly results: string;
  private readonly judgesKey: string;
  private readonly submissionSlots: Slots;
  private readonly testSlots: Slots;
  private readonly remoteSlots: Slots;
  private readonly blockingRemote: ScriptRedis;
  /** Submits to remote judges and fetches remote problems (judge-service/src/remote/). */
  private readonly remote: RemoteWorker;
  private readonly running = new Map<string, Running>();
  private readonly backlog: Record<Group, Entry[]> = { submission: [], test: [], remote: [] };
  private readonly lastSweep: Record<Group, number> = { submission: 0, test: 0, remote: 0 };
  /** Whether the tasks a previous run under this name left were taken back, per lane group. */
  private readonly leftoversTaken: Record<Group, boolean> = { submission: false, test: false, remote: false };
  private readonly health: SandboxHealth;
  readonly metrics: JudgeMetrics;
  /** Tasks handed back because their language is not run here, by "lane id": left to other judges. */
  private readonly skipped = new Map<string, { language: string; at: number }>();
  private readonly timers: NodeJS.Timeout[] = [];
  private loops: Promise<void>[] = [];
  private stopping = false;
  private stopped: Promise<void> | null = null;
  private readonly startedAt = Date.now();

  constructor(
    private readonly o: JudgeOptions,
    readonly context: JudgeContext,
    private readonly log: Logger,
  ) {
    this.name = o.name;
    const p = o.redisPrefix;
    this.redis = redisClient(o.redisUrl, `judge:${o.name}`);
    this.blockingSubmissions = redisClient(o.redisUrl, `judge:${o.name}:submissions`);
    this.blockingTests = redisClient(o.redisUrl, `judge:${o.name}:tests`);
    this.blockingRemote = redisClient(o.redisUrl, `judge:${o.name}:remote`);
    // Once per outage, for the main connection (the blocking ones follow it).
    let redisDown = false;
    this.redis.on("error", (err: Error) => {
      if (redisDown) return;
      redisDown = true;
      this.log.warn({ err: err.message }, "Redis is unreachable; reconnecting");
    });
    this.redis.on("ready", () => {
      if (redisDown) this.log.info("Redis is reachable again");
      redisDown = false;
    });
    for (const r of [this.blockingSubmissions, this.blockingTests, this.blockingRemote]) r.on("error", () => undefined);
    // Back after Redis was away: say so before the alive key runs out.
    this.redis.on("ready", () => void this.heartbeat().catch(() => undefined));
    this.streams = { contest: p + JudgeStreams.contestTasks, normal: p + JudgeStreams.normalTasks, test: p + JudgeStreams.testTasks, remote: p + JudgeStreams.remoteTasks };
    this.results = p + JudgeStreams.results;
    this.judgesKey = p + JUDGES_KEY;
    this.submissionSlots = new Slots(o.concurrency);
    this.testSlots = new Slots(o.testConcurrency);
    this.remoteSlots = new Slots(o.remote.concurrency);
    this.remote = new RemoteWorker(this.redis, o.redisPrefix, o.name, o.remote, log);
    this.health = new SandboxHealth(context.sandbox, {
      probeMs: o.sandboxProbeMs,
      log,
      recheck: () => this.recheckSandbox(),
      onDown: (reason) => this.pause(reason),
    });
    this.metrics = new JudgeMetrics(
      {
        // Busy: running a task (a free slot waits for one while it reads the queue).
        slots: (group) => ({
          size: this.slotsOf(group).size,
          busy: [...this.running.values()].filter((r) => this.groupOf(r.entry.lane) === group).length,
        }),
        sandboxUp: () => this.health.healthy,
        languages: () => this.context.languages.length,
      },
      { judge: o.name },
    );
  }

  get sandboxUp(): boolean {
    return this.health.healthy;
  }

  async readiness(): Promise<Readiness> {
    const redisUp = this.redis.status === "ready" && (await timeLimited(this.redis.ping(), 1000)) === "PONG";
    const checks: Record<string, string> = {
      redis: redisUp ? "ok" : "unreachable",
      sandbox: this.health.healthy ? "ok" : "unreachable",
      languages: this.context.languages.length > 0 ? "ok" : "none",
    };
    if (this.stopping) checks.judge = "stopping";
    return { ready: !this.stopping && Object.values(checks).every((v) => v === "ok"), checks };
  }
  info(): JudgeInfo {
    return {
      name: this.name,
      languages: this.context.languages,
      concurrency: this.o.concurrency,
      running: this.running.size,
      cpus: typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length,
      version: JUDGE_VERSION,
      startedAt: this.startedAt,
      heartbeatAt: Date.now(),
      host: os.hostname(),
      httpPort: this.o.httpPort,
      loadAvg: os.loadavg()[0],
      memoryUsed: os.totalmem() > 0 ? 1 - os.freemem() / os.totalmem() : 0,
      sandboxHealthy: this.health.healthy,
    };
  }

  async start(): Promise<void> {
    await this.ensureGroups();
    await this.heartbeat();
    this.health.start();
    const every = (ms: number, fn: () => Promise<void>) => {
      const t = setInterval(() => void fn().catch((err: Error) => this.log.warn({ err: err.message }, "periodic judge work failed")), ms);
      this.timers.push(t);
    };
    every(this.o.heartbeatMs, () => this.heartbeat());
    every(this.refreshMs(), () => this.refreshAll());
    this.loops = [this.laneLoop("submission"), this.laneLoop("test")];
    if (this.o.remote.concurrency > 0) this.loops.push(this.laneLoop("remote"));
    this.log.info({ judge: this.name, languages: this.context.languages, concurrency: this.o.concurrency }, "judge started");
  }

  private refreshMs(): number {
    return Math.max(50, Math.min(Math.floor(this.o.claimIdleMs / 3), 10_000));
  }

  private sweepMs(): number {
    return Math.max(100, Math.min(Math.floor(this.o.claimIdleMs / 2), this.o.heartbeatMs, 10_000));
  }

  private aliveKey(name: string): string {
    return `${this.o.redisPrefix}${JUDGE_ALIVE_KEY}:${name}`;
  }

  private async ensureGroups(): Promise<void> {
    const create = async (stream: string, group: string) => {
      try {
        // From the start of the stream: tasks added before any judge existed are not skipped.
        await this.redis.xgroup("CREATE", stream, group, "0", "MKSTREAM");
      } catch (err) {
        if (!String((err as Error).message).includes("BUSYGROUP")) throw err;
      }
    };
    for (const s of Object.values(this.streams)) await create(s, JUDGE_GROUP);
    await create(this.results, RESULT_GROUP);
  }

  private async heartbeat(): Promise<void> {
    if (this.stopping) return;
    const info = this.info();
    await this.redis.ojHeartbeat(
      this.judgesKey,
      this.o.redisPrefix + LAST_LANGUAGES_KEY,
      this.o.redisPrefix + LANGUAGES_SEEN_KEY,
      this.aliveKey(this.name),
      this.name,
      JSON.stringify(info),
      String(info.heartbeatAt),
      String(JUDGE_STALE_MS),
      String(aliveTtlMs(this.o.heartbeatMs)),
    );
  }

  // ---- taking tasks ----------------------------------------------------------------------------

  private lanesOf(group: Group): Lane[] {
    return group === "submission" ? ["contest", "normal"] : group === "test" ? ["test"] : ["remote"];
  }

  private groupOf(lane: Lane): Group {
    return lane === "contest" || lane === "normal" ? "submission" : lane;
  }

  private slotsOf(group: Group): Slots {
    return group === "submission" ? this.submissionSlots : group === "test" ? this.testSlots : this.remoteSlots;
  }

  /** Remote tasks need no sandbox: they go on while it is away. */
  private sandboxReady(group: Group): boolean {
    return group === "remote" || this.health.healthy;
  }

  private async laneLoop(group: Group): Promise<void> {
    const slots = this.slotsOf(group);
    while (!this.stopping) {
      if (!this.sandboxReady(group)) {
        await this.health.whenHealthy();
        continue;
      }
      await slots.acquire();
      if (this.stopping) {
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
        entry = this.backlog[group].shift() ?? (await this.claimStale(group)) ?? (await this.readNew(group));
      } catch (err) {
        if (!this.stopping) {
          const msg = String((err as Error).message);
          if (msg.includes("NOGROUP")) await this.ensureGroups().catch(() => undefined);
          else this.log.warn({ err: msg }, "reading tasks failed");
          await new Promise((r) => setTimeout(r, 500));
        }
      }
      if (!entry || this.stopping || !this.sandboxReady(group)) {
        if (entry && !this.stopping && !this.sandboxReady(group)) await this.handBack(entry, true, "sandbox");
        else if (entry) this.backlog[group].unshift(entry);
        slots.release();
        continue;
      }
      this.launch(entry, slots);
    }
  }

  private async claimStale(group: Group): Promise<Entry | null> {
    const now = Date.now();
    if (now - this.lastSweep[group] < this.sweepMs()) return null;
    this.lastSweep[group] = now;
    if (!this.leftoversTaken[group]) {
      this.leftoversTaken[group] = true;
      await this.takeLeftovers(group);
      const first = this.backlog[group].shift();
      if (first) return first;
    }
    const others = this.skipped.size > 0 ? await this.liveLanguages() : new Set<string>();
    for (const lane of this.lanesOf(group)) {
      const stream = this.streams[lane];
      // The tasks of judges that stopped heartbeating, at once.
      for (const consumer of await this.silentConsumers(stream)) {
        const held = (await this.redis.xpending(stream, JUDGE_GROUP, "-", "+", CLAIM_PAGE, consumer)) as Array<[string, string, number, number]>;
        for (const [id] of held) {
          if (this.leftToOthers(lane, id, others)) continue;
          const entry = await this.claimedEntry(lane, stream, id, await this.redis.ojClaimFrom(stream, JUDGE_GROUP, consumer, this.name, id));
          if (entry) return this.claimedFrom(group, entry, "dead_judge", consumer);
        }
      }
      // Tasks idle longer than the claim time: their judge heartbeats but no longer looks after them.
      let start = "-";
      for (let round = 0; round < 20; round++) {
        const page = (await this.redis.xpending(stream, JUDGE_GROUP, "IDLE", this.o.claimIdleMs, start, "+", CLAIM_PAGE)) as Array<[string, string, number, number]>;
        for (const [id] of page) {
          if (this.leftToOthers(lane, id, others)) continue;
          const entry = await this.claimedEntry(lane, stream, id, (await this.redis.xclaim(stream, JUDGE_GROUP, this.name, this.o.claimIdleMs, id)) as Array<[string, string[] | null]>);
          if (entry) return this.claimedFrom(group, entry, "idle");
        }
        if (page.length < CLAIM_PAGE) break;
        start = `(${page[page.length - 1][0]}`;
      }
    }
    return null;
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
    const pending = (await this.redis.xpending(stream, JUDGE_GROUP, id, id, 1)) as Array<[string, string, number, number]>;
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
    const silent = await silentConsumers(this.redis, stream, JUDGE_GROUP, this.name, (n) => this.aliveKey(n), aliveTtlMs(this.o.heartbeatMs));
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
    for (const lane of this.lanesOf(group)) {
      const stream = this.streams[lane];
      const held = (await this.redis.xpending(stream, JUDGE_GROUP, "-", "+", 1000, this.name)) as Array<[string, string, number, number]>;
      for (const [id] of held) {
        const entry = await this.claimedEntry(lane, stream, id, await this.redis.ojClaimFrom(stream, JUDGE_GROUP, this.name, this.name, id));
        if (!entry) continue;
        this.metrics.claimed.inc({ source: "own_leftover" });
        this.backlog[group].push(entry);
      }
      if (held.length > 0) this.log.info({ lane, count: held.length }, "took back the tasks a previous run under this name left");
    }
  }

  /** Languages the live judges other than this one advertise. */
  private async liveLanguages(): Promise<Set<string>> {
    const now = Date.now();
    const out = new Set<string>();
    for (const [name, raw] of Object.entries(await this.redis.hgetall(this.judgesKey))) {
      if (name === this.name) continue;
      try {
        const info = JSON.parse(raw) as JudgeInfo;
        if (now - info.heartbeatAt <= JUDGE_STALE_MS) for (const l of info.languages ?? []) out.add(l);
      } catch {
        // A malformed entry is rewritten by its judge's next heartbeat.
      }
    }
    return out;
  }

  private async readNew(group: Group): Promise<Entry | null> {
    const lanes = this.lanesOf(group);
    // Without waiting, lane by lane in priority order.
    for (const lane of lanes) {
      const got = this.entries((await this.redis.xreadgroup("GROUP", JUDGE_GROUP, this.name, "COUNT", 1, "STREAMS", this.streams[lane], ">")) as StreamReply);
      if (got.length > 0) return got[0];
    }
    // Then wait on all of them; a second task that arrives with the first waits in the backlog.
    const conn = group === "submission" ? this.blockingSubmissions : group === "test" ? this.blockingTests : this.blockingRemote;
    const block = Math.min(1000, this.sweepMs());
    const reply = (await conn.xreadgroup(
      "GROUP",
      JUDGE_GROUP,
      this.name,
      "COUNT",
      1,
      "BLOCK",
      block,
      "STREAMS",
      ...lanes.map((l) => this.streams[l]),
      ...lanes.map(() => ">"),
    )) as StreamReply;
    const got = this.entries(reply).sort((a, b) => lanes.indexOf(a.lane) - lanes.indexOf(b.lane));
    if (got.length === 0) return null;
    this.backlog[group].push(...got.slice(1));
    return got[0];
  }

  private entries(reply: StreamReply): Entry[] {
    const out: Entry[] = [];
    for (const [stream, items] of reply ?? []) {
      const lane = (Object.keys(this.streams) as Lane[]).find((l) => this.streams[l] === stream);
      if (!lane) continue;
      for (const [id, fields] of items) if (fields) out.push({ lane, stream, id, fields, deliveries: 1 });
    }
    return out;
  }

  // ---- running tasks ---------------------------------------------------------------------------

  private launch(entry: Entry, slots: Slots): void {
    const key = `${entry.stream} ${entry.id}`;
    const run: Running = { entry, abort: new AbortController(), why: null, done: Promise.resolve() };
    this.running.set(key, run);
    run.done = this.execute(run)
      .catch((err: Error) => this.log.error({ err: err.message, id: entry.id }, "task handling failed"))
      .finally(() => {
        this.running.delete(key);
        slots.release();
      });
  }

  private async execute(run: Running): Promise<void> {
    const { entry } = run;
    const task = decodeMessage<JudgeTask>(entry.fields);
    if (!task || typeof task !== "object" || !["submission", "test", "compile", "remote", "remote-fetch"].includes((task as JudgeTask).kind)) {
      this.log.error({ id: entry.id, lane: entry.lane }, "unreadable task dropped");
      await this.redis.xack(entry.stream, JUDGE_GROUP, entry.id);
      return;
    }
    const log = this.log.child({ id: entry.id, lane: entry.lane, kind: task.kind, ...(task.kind === "submission" || task.kind === "remote" ? { submissionId: task.submissionId, attempt: task.attempt } : {}) });
    if (entry.deliveries > TASK_MAX_DELIVERIES) {
      const last = await this.redis.get(this.failureKey(entry));
      const reason = `Judging failed ${entry.deliveries - 1} times${last ? `; last failure: ${last}` : ""}`;
      log.warn({ reason }, "task given up");
      await this.finishWithFailure(entry, task, reason);
      this.metrics.systemErrors.inc({ kind: task.kind });
      return;
    }
    const signal = run.abort.signal;
    const started = Date.now();
    if (typeof task.enqueuedAt === "number" && entry.deliveries <= 1) this.metrics.waitedSeconds.observe({ kind: task.kind }, Math.max(0, started - task.enqueuedAt) / 1000);
    /** Counts a stored result (not one another judge took over meanwhile). */
    const stored = (verdict: string, systemError: boolean) => {
      if (run.why === "lost") return;
      this.metrics.finished.inc({ kind: task.kind, verdict });
      if (systemError) this.metrics.systemErrors.inc({ kind: task.kind });
      this.metrics.judgingSeconds.observe({ kind: task.kind }, (Date.now() - started) / 1000);
    };
    try {
      if (task.kind === "submission") {
        const final = await judgeSubmission(this.context, task, (m) => this.publish(m), signal);
        await this.finish(entry, "xadd", this.results, encodeMessage(final), run);
        stored(verdictLabel(final.status), final.status === JudgeStatus.SYSTEM_ERROR);
        log.info({ status: final.status, score: final.score, ms: Date.now() - started }, "submission judged");
      } else if (task.kind === "remote") {
        const final = await this.remote.judge(task, (m) => this.publish(m), signal);
        await this.finish(entry, "xadd", this.results, encodeMessage(final), run);
        stored(verdictLabel(final.status), false);
        log.info({ status: final.status, oj: task.oj, ms: Date.now() - started }, "remote submission judged");
      } else if (task.kind === "remote-fetch") {
        const result = await this.remote.fetch(task, signal);
        await this.finish(entry, "set", this.remoteFetchKey(task.key), encodeMessage(result), run);
        stored(result.ok ? "OK" : "FAILED", false);
        log.info({ ok: result.ok, oj: task.oj, remoteId: task.remoteId, ms: Date.now() - started }, "remote problem fetched");
      } else if (task.kind === "test") {
        const result = await judgeTest(this.context, task, signal);
        await this.finish(entry, "set", this.testKey(task.testKey), encodeMessage(result), run, this.testOwnerKey(task.testKey));
        stored(verdictLabel(result.status), result.status === JudgeStatus.SYSTEM_ERROR);
        log.info({ status: result.status, ms: Date.now() - started }, "self-test judged");
      } else {
        const result = await checkCompile(this.context, task, signal);
        await this.finish(entry, "set", this.compileKey(task.key), encodeMessage(result), run);
        stored(result.ok ? "OK" : "CE", false);
        log.info({ ok: result.ok, ms: Date.now() - started }, "compile check done");
      }
    } catch (err) {
      if (run.why === "lost") {
        log.warn("task taken over by another judge; this attempt is dropped");
        return;
      }
      if (err instanceof NotOnThisJudgeError && run.why === null) {
        await this.notRunHere(entry, task as SubmissionTask | TestTask, log);
        return;
      }
      // The sandbox client gave up reaching it: the judge pauses, which hands this task back too.
      if (err instanceof SandboxUnavailableError && run.why === null) this.health.report(err.message);
      if (run.why === "pause") {
        log.info("task handed back for another judge (the sandbox is unreachable)");
        return;
      }
      if (run.why === "stop") {
        await timeLimited(this.handBack(entry, true, "stop"), 2000);
        log.info("task handed back for another judge (stopping)");
        return;
      }
      if (err instanceof SandboxFileMissingError) this.context.checkers.invalidateFileId(err.fileId);
      const reason = String((err as Error).message ?? err).slice(0, 1000);
      log.warn({ err: reason }, "judging attempt failed; the task goes back to the queue");
      await this.redis.set(this.failureKey(entry), reason, "EX", FAILURE_TTL_S).catch(() => undefined);
      await this.handBack(entry, false, "failure");
    }
  }

  /**
   * The sandbox went down: every task held is handed back at once, without counting a delivery
   * (another judge may take it now; this one takes it again once its sandbox answers), and the
   * running ones are stopped.
   */
  private pause(reason: string): void {
    for (const run of this.running.values()) {
      if (run.why || run.entry.lane === "remote") continue;
      run.why = "pause";
      run.abort.abort(new Error(`the sandbox is unreachable: ${reason}`));
      void this.handBack(run.entry, true, "sandbox");
    }
    for (const entry of [...this.backlog.submission.splice(0), ...this.backlog.test.splice(0)]) void this.handBack(entry, true, "sandbox");
  }

  /** The sandbox answers again: find what it runs now (it may be a new one) before taking tasks. */
  private async recheckSandbox(): Promise<void> {
    const toolchains = await probeToolchains(this.context.sandbox);
    const languages = restrictLanguages(availableLanguages(toolchains), this.o.languages, this.log);
    if (languages.length === 0) throw new Error("the sandbox runs none of the languages");
    if (languages.join() !== this.context.languages.join()) this.log.warn({ before: this.context.languages, now: languages }, "the sandbox runs other languages than before");
    this.context.toolchains = toolchains;
    this.context.languages = languages;
    await this.heartbeat().catch(() => undefined);
  }

  /**
   * A task in a language this judge does not run: handed back without counting the delivery. While
   * a live judge advertises the language it is left to those judges (this one does not claim it
   * again); when none has advertised it for longer than the claim time, it ends as System Error.
   */
  private async notRunHere(entry: Entry, task: SubmissionTask | TestTask, log: Logger): Promise<void> {
    const language = task.language;
    const orphanKey = `${this.o.redisPrefix}${ORPHAN_KEY}:${entry.lane}:${entry.id}`;
    if ((await this.liveLanguages()).has(language)) {
      this.remember(entry, language);
      await this.redis.del(orphanKey).catch(() => undefined);
      await this.handBack(entry, true, "language");
      log.info({ language }, "task in a language this judge does not run, left to the judges that advertise it");
      return;
    }
    const now = Date.now();
    const ttlS = Math.max(24 * 3600, Math.ceil((10 * this.o.claimIdleMs) / 1000));
    await this.redis.set(orphanKey, String(now), "EX", ttlS, "NX");
    const [since, seen] = await Promise.all([this.redis.get(orphanKey), this.redis.hget(this.o.redisPrefix + LANGUAGES_SEEN_KEY, language)]);
    const absentSince = Math.max(Number(since) || now, Number(seen) || 0);
    if (now - absentSince >= this.o.claimIdleMs) {
      const reason = `No judge online can run ${language}: none has advertised it for ${Math.round((now - absentSince) / 1000)} s`;
      log.warn({ language, reason }, "task given up");
      await this.finishWithFailure(entry, task, reason);
      this.metrics.systemErrors.inc({ kind: task.kind });
      await this.redis.del(orphanKey).catch(() => undefined);
      return;
    }
    // Looked at again (by any judge) after the claim time.
    await this.handBack(entry, true, "language", 0);
    log.info({ language }, "no live judge runs this task's language; it waits for one");
  }

  private remember(entry: Entry, language: string): void {
    const now = Date.now();
    if (this.skipped.size >= 10_000) {
      for (const [k, v] of this.skipped) if (now - v.at > SKIP_FOR_MS) this.skipped.delete(k);
    }
    this.skipped.set(`${entry.lane} ${entry.id}`, { language, at: now });
  }

  private failureKey(entry: Entry): string {
    return `${this.o.redisPrefix}${FAILURE_KEY}:${entry.lane}:${entry.id}`;
  }

  private testKey(key: string): string {
    return `${this.o.redisPrefix}${TEST_RESULT_KEY}:${key}`;
  }

  private testOwnerKey(key: string): string {
    return `${this.o.redisPrefix}${TEST_OWNER_KEY}:${key}`;
  }

  private compileKey(key: string): string {
    return `${this.o.redisPrefix}${COMPILE_RESULT_KEY}:${key}`;
  }

  private remoteFetchKey(key: string): string {
    return `${this.o.redisPrefix}${REMOTE_FETCH_RESULT_KEY}:${key}`;
  }

  private async finishWithFailure(entry: Entry, task: JudgeTask, reason: string): Promise<void> {
    const run: Running = { entry, abort: new AbortController(), why: null, done: Promise.resolve() };
    if (task.kind === "submission") {
      await this.finish(entry, "xadd", this.results, encodeMessage(systemErrorFinal(this.context, task as SubmissionTask, reason)), run);
    } else if (task.kind === "remote") {
      await this.finish(entry, "xadd", this.results, encodeMessage(this.remote.failedFinal(task, reason)), run);
    } else if (task.kind === "remote-fetch") {
      const result: RemoteFetchResult = { ok: false, message: reason };
      await this.finish(entry, "set", this.remoteFetchKey(task.key), encodeMessage(result), run);
    } else if (task.kind === "test") {
      const result: TestJudgeResult = {
        status: JudgeStatus.SYSTEM_ERROR,
        time: 0,
        memory: 0,
        stderr: "",
        userInput: task.userInput,
        expectedOutput: task.expectedOutput,
        userOutput: "",
        problemJudgeMode: task.problem?.judgeMode ?? "default",
        errorMessage: reason,
      };
      await this.finish(entry, "set", this.testKey(task.testKey), encodeMessage(result), run, this.testOwnerKey(task.testKey));
    } else {
      const result: CompileCheckResult = { ok: false, message: reason };
      await this.finish(entry, "set", this.compileKey(task.key), encodeMessage(result), run);
    }
  }

  /**
   * Stores the result and acknowledges the task in one atomic step, if the task is still ours.
   * `sameLifetime` is a key that gets the stored result's lifetime (a self-test's owner record).
   */
  private async finish(entry: Entry, mode: "xadd" | "set", target: string, payload: string, run: Running, sameLifetime?: string): Promise<void> {
    let delay = 200;
    for (;;) {
      try {
        const done = await this.redis.ojFinish(
          entry.stream,
          target,
          this.failureKey(entry),
          sameLifetime ?? this.failureKey(entry),
          JUDGE_GROUP,
          this.name,
          entry.id,
          mode,
          STREAM_FIELD,
          payload,
          String(TEST_RESULT_TTL_S),
          sameLifetime ? "1" : "0",
        );
        if (done !== 1) {
          run.why = "lost";
          this.log.warn({ id: entry.id }, "result not stored: another judge owns the task now");
        }
        return;
      } catch (err) {
        // Redis unreachable: the result waits here, the task stays pending.
        if (this.stopping && run.why === "stop") throw err;
        this.log.warn({ err: (err as Error).message, id: entry.id }, "storing a result failed, retrying");
        await new Promise((r) => setTimeout(r, delay));
        delay = Math.min(delay * 2, 5000);
      }
    }
  }

  private async publish(m: ResultMessage): Promise<void> {
    await this.redis.xadd(this.results, "*", STREAM_FIELD, encodeMessage(m));
  }

  /**
   * Makes a task claimable by any judge now (or, with `idleMs` 0, after the claim time); a stop or a
   * language this judge lacks does not count as a delivery.
   */
  private async handBack(entry: Entry, notCounted: boolean, reason: HandBackReason, idleMs = this.o.claimIdleMs): Promise<void> {
    this.metrics.handedBack.inc({ reason });
    const retry = notCounted ? String(Math.max(0, entry.deliveries - 1)) : "";
    await this.redis
      .ojHandBack(entry.stream, JUDGE_GROUP, this.name, entry.id, String(idleMs), retry)
      .catch((err: Error) => this.log.warn({ err: err.message, id: entry.id }, "handing a task back failed; it will be claimed after its idle time"));
  }

  private async refreshAll(): Promise<void> {
    const held: Array<{ entry: Entry; run?: Running }> = [
      ...[...this.running.values()].map((run) => ({ entry: run.entry, run })),
      ...this.backlog.submission.map((entry) => ({ entry })),
      ...this.backlog.test.map((entry) => ({ entry })),
      ...this.backlog.remote.map((entry) => ({ entry })),
    ];
    for (const h of held) {
      if (h.run?.why) continue;
      const mine = await this.redis.ojRefresh(h.entry.stream, JUDGE_GROUP, this.name, h.entry.id);
      if (mine === 1) continue;
      if (h.run) {
        h.run.why = "lost";
        h.run.abort.abort(new Error("task taken over by another judge"));
      } else {
        for (const q of [this.backlog.submission, this.backlog.test, this.backlog.remote]) {
          const i = q.indexOf(h.entry);
          if (i >= 0) q.splice(i, 1);
        }
      }
    }
  }

  // ---- stopping --------------------------------------------------------------------------------

  stop(opts: { graceMs?: number } = {}): Promise<void> {
    this.stopped ??= this.doStop(opts.graceMs ?? this.o.stopGraceMs);
    return this.stopped;
  }

  private async doStop(graceMs: number): Promise<void> {
    this.stopping = true;
    this.log.info({ running: this.running.size, graceMs }, "judge stopping");
    this.health.stop();
    this.submissionSlots.wakeAll();
    this.testSlots.wakeAll();
    this.remoteSlots.wakeAll();
    this.blockingSubmissions.disconnect();
    this.blockingTests.disconnect();
    this.blockingRemote.disconnect();
    await Promise.allSettled(this.loops);
    for (const entry of [...this.backlog.submission.splice(0), ...this.backlog.test.splice(0), ...this.backlog.remote.splice(0)]) await timeLimited(this.handBack(entry, true, "stop"), 2000);
    const all = () => Promise.allSettled([...this.running.values()].map((r) => r.done));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all(), new Promise((r) => (timer = setTimeout(r, graceMs)))]);
    clearTimeout(timer);
    for (const run of this.running.values()) {
      run.why ??= "stop";
      run.abort.abort(new Error("judge stopping"));
    }
    await all();
    for (const t of this.timers) clearInterval(t);
    // Redis may be gone for good: leaving must not wait for it.
    await timeLimited(this.redis.hdel(this.judgesKey, this.name), 2000);
    await timeLimited(this.redis.del(this.aliveKey(this.name)), 2000);
    // A consumer with nothing pending leaves the group (tasks it still holds keep it there).
    for (const stream of Object.values(this.streams)) {
      const held = (await timeLimited(this.redis.xpending(stream, JUDGE_GROUP, "-", "+", 1, this.name), 2000)) as unknown[] | undefined;
      if (held?.length === 0) await timeLimited(this.redis.xgroup("DELCONSUMER", stream, JUDGE_GROUP, this.name), 2000);
    }
    await timeLimited(this.context.checkers.dispose(this.context), 5000);
    await timeLimited(this.redis.quit(), 2000);
    this.redis.disconnect();
    this.log.info("judge stopped");
  }
}
