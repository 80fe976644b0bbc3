import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { JudgeStatus } from "../../../app/lib/constants";
import { decodeMessage, encodeMessage, JUDGE_GROUP, LANGUAGES_SEEN_KEY, type CheckTask, type JudgeTask, type RunProgramTask, type SubmissionTask, type TestTask } from "../../../app/lib/judge-protocol";
import type { JudgeContext } from "../context";
import { checkCompile, judgeCheck, judgeSubmission, judgeTest, NotOnThisJudgeError } from "../judge";
import { runProgram } from "../run-program";
import { verdictLabel, type JudgeMetrics } from "../metrics";
import type { RemoteWorker } from "../remote/worker";
import { SandboxFileMissingError, SandboxUnavailableError } from "../sandbox";
import type { SandboxHealth } from "../sandbox-health";
import type { Claims } from "./claim";
import type { Finisher } from "./finish";
import type { Entry, Running } from "./lanes";
import type { Lease } from "./lease";
import { timeLimited } from "./time-limited";

// One task, from its message to its end: the judge (judge.ts) for submissions, self-tests and
// compile checks, the remote worker (remote/) for remote submissions and problems. A failed attempt
// (web server unreachable for too long) hands the task back at once, counted as a delivery; a task
// lost to another judge, or aborted because the judge stops or its sandbox went down, ends here
// without a result.

/** When (ms) a judge first found no live judge advertising a task's language. */
const ORPHAN_KEY = "judge:task-orphan";

const KINDS: ReadonlyArray<JudgeTask["kind"]> = ["submission", "test", "compile", "remote", "remote-fetch", "check", "run"];

export interface DispatchParts {
  redis: Redis;
  redisPrefix: string;
  claimIdleMs: number;
  context: JudgeContext;
  remote: RemoteWorker;
  health: SandboxHealth;
  lease: Lease;
  claims: Claims;
  finisher: Finisher;
  metrics: JudgeMetrics;
  log: Logger;
}

export class Dispatcher {
  constructor(private readonly p: DispatchParts) {}

  async execute(run: Running): Promise<void> {
    const { entry } = run;
    const { finisher: f, metrics } = this.p;
    const task = decodeMessage<JudgeTask>(entry.fields);
    if (!task || typeof task !== "object" || !KINDS.includes((task as JudgeTask).kind)) {
      this.p.log.error({ id: entry.id, lane: entry.lane }, "unreadable task dropped");
      await this.p.redis.xack(entry.stream, JUDGE_GROUP, entry.id);
      return;
    }
    const log = this.p.log.child({ id: entry.id, lane: entry.lane, kind: task.kind, ...(task.kind === "submission" || task.kind === "remote" ? { submissionId: task.submissionId, attempt: task.attempt } : {}) });
    if (await f.givenUpAfterDeliveries(entry, task, log)) return;
    const signal = run.abort.signal;
    const started = Date.now();
    if (typeof task.enqueuedAt === "number" && entry.deliveries <= 1) metrics.waitedSeconds.observe({ kind: task.kind }, Math.max(0, started - task.enqueuedAt) / 1000);
    /** Counts a stored result (not one another judge took over meanwhile). */
    const stored = (verdict: string, systemError: boolean) => {
      if (run.why === "lost") return;
      metrics.finished.inc({ kind: task.kind, verdict });
      if (systemError) metrics.systemErrors.inc({ kind: task.kind });
      metrics.judgingSeconds.observe({ kind: task.kind }, (Date.now() - started) / 1000);
    };
    try {
      if (task.kind === "submission") {
        const final = await judgeSubmission(this.p.context, task, (m) => f.publish(m), signal);
        await f.finish(entry, "xadd", f.results, encodeMessage(final), run);
        stored(verdictLabel(final.status), final.status === JudgeStatus.SYSTEM_ERROR);
        log.info({ status: final.status, score: final.score, ms: Date.now() - started }, "submission judged");
      } else if (task.kind === "remote") {
        const final = await this.p.remote.judge(task, (m) => f.publish(m), signal);
        await f.finish(entry, "xadd", f.results, encodeMessage(final), run);
        stored(verdictLabel(final.status), false);
        log.info({ status: final.status, oj: task.oj, ms: Date.now() - started }, "remote submission judged");
      } else if (task.kind === "remote-fetch") {
        const result = await this.p.remote.fetch(task, signal);
        await f.finish(entry, "set", f.remoteFetchKey(task.key), encodeMessage(result), run);
        stored(result.ok ? "OK" : "FAILED", false);
        log.info({ ok: result.ok, oj: task.oj, remoteId: task.remoteId, ms: Date.now() - started }, "remote problem fetched");
      } else if (task.kind === "test") {
        const result = await judgeTest(this.p.context, task, signal);
        await f.finish(entry, "set", f.testKey(task.testKey), encodeMessage(result), run, f.testOwnerKey(task.testKey));
        stored(verdictLabel(result.status), result.status === JudgeStatus.SYSTEM_ERROR);
        log.info({ status: result.status, ms: Date.now() - started }, "self-test judged");
      } else if (task.kind === "check") {
        const final = await judgeCheck(this.p.context, task, signal);
        await f.finish(entry, "set", f.checkKey(task.key), encodeMessage(final), run);
        stored(verdictLabel(final.status), final.status === JudgeStatus.SYSTEM_ERROR);
        log.info({ status: final.status, ms: Date.now() - started }, "package program judged");
      } else if (task.kind === "run") {
        const result = await runProgram(this.p.context, task, (i, data) => f.keepRunOutput(task.key, i, data), signal);
        await f.finish(entry, "set", f.runKey(task.key), encodeMessage(result), run);
        stored(result.ok ? "OK" : "FAILED", false);
        log.info({ ok: result.ok, runs: task.runs.length, ms: Date.now() - started }, "program runs done");
      } else {
        const result = await checkCompile(this.p.context, task, signal);
        await f.finish(entry, "set", f.compileKey(task.key), encodeMessage(result), run);
        stored(result.ok ? "OK" : "CE", false);
        log.info({ ok: result.ok, ms: Date.now() - started }, "compile check done");
      }
    } catch (err) {
      if (run.why === "lost") {
        log.warn("task taken over by another judge; this attempt is dropped");
        return;
      }
      if (err instanceof NotOnThisJudgeError && run.why === null) {
        await this.notRunHere(entry, task as SubmissionTask | TestTask | CheckTask | RunProgramTask, log);
        return;
      }
      // The sandbox client gave up reaching it: the judge pauses, which hands this task back too.
      if (err instanceof SandboxUnavailableError && run.why === null) this.p.health.report(err.message);
      if (run.why === "pause") {
        log.info("task handed back for another judge (the sandbox is unreachable)");
        return;
      }
      if (run.why === "stop") {
        await timeLimited(this.p.lease.handBack(entry, true, "stop"), 2000);
        log.info("task handed back for another judge (stopping)");
        return;
      }
      if (err instanceof SandboxFileMissingError) this.p.context.checkers.invalidateFileId(err.fileId);
      const reason = String((err as Error).message ?? err).slice(0, 1000);
      log.warn({ err: reason }, "judging attempt failed; the task goes back to the queue");
      await f.recordFailure(entry, reason);
      await this.p.lease.handBack(entry, false, "failure");
    }
  }

  /**
   * A task in a language this judge does not run: handed back without counting the delivery. While
   * a live judge advertises the language it is left to those judges (this one does not claim it
   * again); when none has advertised it for longer than the claim time, it ends as System Error.
   */
  private async notRunHere(entry: Entry, task: SubmissionTask | TestTask | CheckTask | RunProgramTask, log: Logger): Promise<void> {
    const { redis, redisPrefix, claimIdleMs } = this.p;
    const language = task.language;
    const orphanKey = `${redisPrefix}${ORPHAN_KEY}:${entry.lane}:${entry.id}`;
    if ((await this.p.claims.liveLanguages()).has(language)) {
      this.p.claims.remember(entry, language);
      await redis.del(orphanKey).catch(() => undefined);
      await this.p.lease.handBack(entry, true, "language");
      log.info({ language }, "task in a language this judge does not run, left to the judges that advertise it");
      return;
    }
    const now = Date.now();
    const ttlS = Math.max(24 * 3600, Math.ceil((10 * claimIdleMs) / 1000));
    await redis.set(orphanKey, String(now), "EX", ttlS, "NX");
    const [since, seen] = await Promise.all([redis.get(orphanKey), redis.hget(redisPrefix + LANGUAGES_SEEN_KEY, language)]);
    const absentSince = Math.max(Number(since) || now, Number(seen) || 0);
    if (now - absentSince >= claimIdleMs) {
      const reason = `No judge online can run ${language}: none has advertised it for ${Math.round((now - absentSince) / 1000)} s`;
      log.warn({ language, reason }, "task given up");
      await this.p.finisher.finishWithFailure(entry, task, reason);
      this.p.metrics.systemErrors.inc({ kind: task.kind });
      await redis.del(orphanKey).catch(() => undefined);
      return;
    }
    // Looked at again (by any judge) after the claim time.
    await this.p.lease.handBack(entry, true, "language", 0);
    log.info({ language }, "no live judge runs this task's language; it waits for one");
  }
}
