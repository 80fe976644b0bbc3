import type { Logger } from "pino";
import type { JudgeInfo } from "../../app/lib/judge-protocol";
import type { JudgeOptions } from "./config";
import type { JudgeContext } from "./context";
import { Claims, sweepMs } from "./consumer/claim";
import { Dispatcher } from "./consumer/dispatch";
import { Finisher } from "./consumer/finish";
import { Heartbeat } from "./consumer/heartbeat";
import { groupOf, Lanes, type Group, type Running } from "./consumer/lanes";
import { Lease, refreshMs } from "./consumer/lease";
import { redisClient, reportOutages, type ScriptRedis } from "./consumer/redis";
import { SlotLoop } from "./consumer/slot-loop";
import { timeLimited } from "./consumer/time-limited";
import type { Readiness } from "./http";
import { availableLanguages } from "./languages";
import { JudgeMetrics } from "./metrics";
import { RemoteWorker } from "./remote/worker";
import { probeToolchains } from "./probe";
import { SandboxHealth } from "./sandbox-health";
import { createJudgeContext, judgeLogger, judgeOptions, restrictLanguages, type JudgeOverrides } from "./setup";

// The Redis side of a judge: a member of consumer group "judges" on the task lanes. This file
// composes the parts, each in consumer/ with the reasons it works as it does:
//
// - lanes.ts: which lane feeds which slots (contest before normal, the test lane's own slots, the
//   remote lane), reading new tasks; slot-loop.ts: each slot group's loop that takes and runs them;
// - lease.ts: keeping hold of the tasks taken (refreshing them, handing them back), the alive keys;
// - claim.ts: taking over the tasks of judges that died, froze or left them, and this name's own
//   leftovers;
// - dispatch.ts: running a task through the judge or the remote worker, and what a failure means;
// - finish.ts: storing a result and acknowledging the task in one atomic step, System Error after
//   too many deliveries;
// - heartbeat.ts: the judge's registry entry and alive key;
// - redis.ts: the connections, with every part's Lua scripts defined on them.
//
// Here: while the sandbox does not answer (sandbox-health.ts) the judge takes nothing and hands
// back what it holds without counting a delivery: nothing fails for it; it goes on once the sandbox
// answers again. On stop, running tasks get a grace period; those still running are handed back
// without counting as a delivery.

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
  private readonly lanes: Lanes;
  private readonly lease: Lease;
  private readonly heartbeat: Heartbeat;
  private readonly slotLoop: SlotLoop;
  /** The tasks running now (the slot loop's), by "stream id". */
  private readonly running: Map<string, Running>;
  private readonly health: SandboxHealth;
  readonly metrics: JudgeMetrics;
  private readonly timers: NodeJS.Timeout[] = [];
  private loops: Promise<void>[] = [];
  private stopping = false;
  private stopped: Promise<void> | null = null;

  constructor(
    private readonly o: JudgeOptions,
    readonly context: JudgeContext,
    private readonly log: Logger,
  ) {
    this.name = o.name;
    this.redis = redisClient(o.redisUrl, `judge:${o.name}`);
    const blocking: Record<Group, ScriptRedis> = {
      submission: redisClient(o.redisUrl, `judge:${o.name}:submissions`),
      test: redisClient(o.redisUrl, `judge:${o.name}:tests`),
      remote: redisClient(o.redisUrl, `judge:${o.name}:remote`),
    };
    reportOutages(this.redis, Object.values(blocking), log);
    // Back after Redis was away: say so before the alive key runs out.
    this.redis.on("ready", () => void this.heartbeat.beat().catch(() => undefined));
    const stopping = () => this.stopping;
    this.lanes = new Lanes(this.redis, blocking, {
      redisPrefix: o.redisPrefix,
      name: o.name,
      sizes: { submission: o.concurrency, test: o.testConcurrency, remote: o.remote.concurrency },
      blockMs: Math.min(1000, sweepMs(o)),
    });
    // Submits to remote judges and fetches remote problems (judge-service/src/remote/).
    const remote = new RemoteWorker(this.redis, o.redisPrefix, o.name, o.remote, log);
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
          size: this.lanes.slotsOf(group).size,
          busy: [...this.running.values()].filter((r) => groupOf(r.entry.lane) === group).length,
        }),
        sandboxUp: () => this.health.healthy,
        languages: () => this.context.languages.length,
      },
      { judge: o.name },
    );
    this.heartbeat = new Heartbeat(
      this.redis,
      o,
      () => ({ languages: this.context.languages, running: this.running.size, sandboxHealthy: this.health.healthy }),
      stopping,
    );
    this.lease = new Lease(this.redis, o, this.metrics, log);
    const claims = new Claims(this.redis, this.lanes, this.heartbeat.judgesKey, o, this.metrics, log);
    const finisher = new Finisher({ redis: this.redis, name: o.name, redisPrefix: o.redisPrefix, results: this.lanes.results, context, remote, metrics: this.metrics, log, stopping });
    const { redisPrefix, claimIdleMs } = o;
    const dispatcher = new Dispatcher({ redis: this.redis, redisPrefix, claimIdleMs, context, remote, health: this.health, lease: this.lease, claims, finisher, metrics: this.metrics, log });
    this.slotLoop = new SlotLoop({ lanes: this.lanes, claims, lease: this.lease, dispatcher, health: this.health, log, stopping });
    this.running = this.slotLoop.running;
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
    return this.heartbeat.info();
  }

  async start(): Promise<void> {
    await this.lanes.ensureGroups();
    await this.heartbeat.beat();
    this.health.start();
    const every = (ms: number, fn: () => Promise<void>) => {
      const t = setInterval(() => void fn().catch((err: Error) => this.log.warn({ err: err.message }, "periodic judge work failed")), ms);
      this.timers.push(t);
    };
    every(this.o.heartbeatMs, () => this.heartbeat.beat());
    every(refreshMs(this.o.claimIdleMs), () => this.lease.refreshAll(this.running.values(), this.lanes.backlog));
    this.loops = [this.slotLoop.run("submission"), this.slotLoop.run("test")];
    if (this.o.remote.concurrency > 0) this.loops.push(this.slotLoop.run("remote"));
    this.log.info({ judge: this.name, languages: this.context.languages, concurrency: this.o.concurrency }, "judge started");
  }

  // ---- the sandbox going away and coming back --------------------------------------------------

  /**
   * The sandbox went down: every task held is handed back at once, without counting a delivery
   * (another judge may take it now; this one takes it again once its sandbox answers), and the
   * running ones are stopped.
   */
  private pause(reason: string): void {
    const { backlog } = this.lanes;
    for (const run of this.running.values()) {
      if (run.why || run.entry.lane === "remote") continue;
      run.why = "pause";
      run.abort.abort(new Error(`the sandbox is unreachable: ${reason}`));
      void this.lease.handBack(run.entry, true, "sandbox");
    }
    for (const entry of [...backlog.submission.splice(0), ...backlog.test.splice(0)]) void this.lease.handBack(entry, true, "sandbox");
  }

  /** The sandbox answers again: find what it runs now (it may be a new one) before taking tasks. */
  private async recheckSandbox(): Promise<void> {
    const toolchains = await probeToolchains(this.context.sandbox);
    const languages = restrictLanguages(availableLanguages(toolchains), this.o.languages, this.log);
    if (languages.length === 0) throw new Error("the sandbox runs none of the languages");
    if (languages.join() !== this.context.languages.join()) this.log.warn({ before: this.context.languages, now: languages }, "the sandbox runs other languages than before");
    this.context.toolchains = toolchains;
    this.context.languages = languages;
    await this.heartbeat.beat().catch(() => undefined);
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
    this.lanes.close();
    await Promise.allSettled(this.loops);
    const { backlog } = this.lanes;
    for (const entry of [...backlog.submission.splice(0), ...backlog.test.splice(0), ...backlog.remote.splice(0)]) await timeLimited(this.lease.handBack(entry, true, "stop"), 2000);
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
    await this.heartbeat.leave();
    await this.lanes.leaveGroups();
    await timeLimited(this.context.checkers.dispose(this.context), 5000);
    await timeLimited(this.redis.quit(), 2000);
    this.redis.disconnect();
    this.log.info("judge stopped");
  }
}
