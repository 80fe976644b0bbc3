import { JudgeStatus } from "~/lib/constants";
import { decodeMessage, JUDGE_GROUP, JudgeStreams, RESULT_GROUP, type JudgeTask, type ResultMessage } from "~/lib/judge-protocol";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { Submission } from "~/models/submission.server";
import { env } from "../platform/env.server";
import { applyJudgeEvents, repairInterruptedCounterChanges } from "./apply.server";
import { publishTask } from "./queue.server";
import { logger } from "../platform/logger.server";
import { judgeRequeues } from "../platform/metrics.server";
import { redis, rkey } from "../platform/redis.server";
import { LockTimeoutError, withLocks } from "../platform/redis-lock.server";
import { submissionTask } from "../submission/submissions.server";

// Nothing stays Pending forever. Every sweep (one web process at a time):
//  1. finishes counter changes interrupted by a crash (judge-apply.server.ts);
//  2. finds submissions still Pending/Compiling/Judging that nobody touched for `stuckMs`, and for
//     each checks whether its task is still somewhere a judge will get it: not yet delivered to the
//     "judges" group, or delivered and unacknowledged (then judge-service itself claims it again
//     from a dead judge with XAUTOCLAIM and ends it as System Error after TASK_MAX_DELIVERIES), or
//     its result is waiting in the results stream. Only when none of that holds was the task lost
//     (Redis lost it, or XADD failed at submit time): the attempt is queued again, at most
//     `maxRequeues` times, then ends as System Error with the reason;
//  3. trims task entries the judges have acknowledged.

export interface SweepOptions {
  stuckMs?: number;
  maxRequeues?: number;
  /** Interrupted counter changes older than this are repaired. */
  repairAfterMs?: number;
}

export interface SweepReport {
  repaired: number;
  stuck: number;
  requeued: number[];
  gaveUp: number[];
}

const PAGE = 500;

type Entry = [string, string[]];

async function rangeAll(key: string, start: string, onEntry: (fields: string[]) => void): Promise<void> {
  let from = start;
  for (;;) {
    const page = (await redis().xrange(key, from, "+", "COUNT", PAGE)) as Entry[];
    for (const [, fields] of page) onEntry(fields);
    if (page.length < PAGE) return;
    from = `(${page[page.length - 1][0]}`;
  }
}

async function lastDeliveredId(key: string, group: string): Promise<string | null> {
  try {
    const groups = (await redis().xinfo("GROUPS", key)) as unknown[][];
    for (const g of groups) {
      const info: Record<string, unknown> = {};
      for (let i = 0; i + 1 < g.length; i += 2) info[String(g[i])] = g[i + 1];
      if (info.name === group) return String(info["last-delivered-id"]);
    }
    return null;
  } catch (err) {
    if (String(err).includes("no such key")) return null;
    throw err;
  }
}

/**
 * Entries of a stream that a group has still to finish: never delivered, or delivered and not
 * acknowledged. Each is passed to `onEntry`.
 */
async function unfinishedEntries(key: string, group: string, onEntry: (fields: string[]) => void): Promise<void> {
  const last = await lastDeliveredId(key, group);
  if (last === null) {
    // No group yet (no judge ever started): every entry waits for one.
    await rangeAll(key, "-", onEntry);
    return;
  }
  await rangeAll(key, `(${last}`, onEntry);
  let from = "-";
  for (;;) {
    const pending = (await redis().xpending(key, group, from, "+", PAGE)) as Array<[string, string, number, number]>;
    if (pending.length === 0) break;
    const multi = redis().multi();
    for (const [id] of pending) multi.xrange(key, id, id);
    const replies = (await multi.exec()) ?? [];
    for (const [err, reply] of replies) {
      if (err) continue;
      for (const [, fields] of (reply as Entry[]) ?? []) onEntry(fields);
    }
    if (pending.length < PAGE) break;
    from = `(${pending[pending.length - 1][0]}`;
  }
}

/** "submissionId:attempt" of every submission task a judge may still run, and of every result not yet applied. */
export async function inFlight(): Promise<Set<string>> {
  const live = new Set<string>();
  for (const lane of [JudgeStreams.contestTasks, JudgeStreams.normalTasks, JudgeStreams.remoteTasks]) {
    await unfinishedEntries(rkey(lane), JUDGE_GROUP, (fields) => {
      const task = decodeMessage<JudgeTask>(fields);
      if (task?.kind === "submission" || task?.kind === "remote") live.add(`${task.submissionId}:${task.attempt}`);
    });
  }
  await unfinishedEntries(rkey(JudgeStreams.results), RESULT_GROUP, (fields) => {
    const msg = decodeMessage<ResultMessage>(fields);
    if (msg && msg.type === "final") live.add(`${msg.submissionId}:${msg.attempt}`);
  });
  return live;
}

function giveUpReason(requeues: number): string {
  return `The judge task of this submission was lost ${requeues + 1} times, so judging was given up. An administrator can rejudge it.`;
}

export async function sweepOnce(opts: SweepOptions = {}): Promise<SweepReport> {
  const stuckMs = opts.stuckMs ?? env.judging.stuckMs;
  const maxRequeues = opts.maxRequeues ?? env.judging.maxRequeues;
  const report: SweepReport = { repaired: 0, stuck: 0, requeued: [], gaveUp: [] };

  report.repaired = await repairInterruptedCounterChanges(opts.repairAfterMs ?? 60_000);

  const stuck = await Submission.find({
    status: { $in: [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING, JudgeStatus.SUBMITTING] },
    gmtModified: { $lt: new Date(Date.now() - stuckMs) },
  })
    .select("_id pid attempt requeues")
    .sort({ _id: 1 })
    .limit(1000)
    .lean<Array<{ _id: number; pid: number; attempt: number; requeues?: number }>>();
  report.stuck = stuck.length;
  if (stuck.length === 0) return report;

  const live = await inFlight();
  const problems = new Map<number, ProblemDoc | null>();
  for (const s of stuck) {
    if (live.has(`${s._id}:${s.attempt}`)) continue;
    const requeues = s.requeues ?? 0;
    if (!problems.has(s.pid)) problems.set(s.pid, await Problem.findById(s.pid).lean<ProblemDoc>());
    const problem = problems.get(s.pid);
    const judgeable = !!problem && (problem.isRemote || (!!problem.testCaseHash && problem.testCases.length > 0));
    if (requeues >= maxRequeues || !judgeable) {
      const reason = judgeable ? giveUpReason(requeues) : "The problem or its test data no longer exists, so this submission cannot be judged.";
      const out = await applyJudgeEvents(s._id, [{ kind: "give-up", attempt: s.attempt, reason }]);
      if (out.changed) {
        report.gaveUp.push(s._id);
        judgeRequeues.inc({ outcome: "given_up" });
        logger.warn({ submissionId: s._id, attempt: s.attempt }, "submission ended as System Error: its judge task kept getting lost");
      }
      continue;
    }
    const out = await applyJudgeEvents(s._id, [{ kind: "requeue", attempt: s.attempt, requeues }]);
    if (!out.changed || !out.state) continue;
    const sub = await Submission.findById(s._id).select("_id attempt cid language code").lean();
    if (!sub) continue;
    try {
      await publishTask(submissionTask(sub, problem!));
      report.requeued.push(s._id);
      judgeRequeues.inc({ outcome: "requeued" });
      logger.warn({ submissionId: s._id, attempt: s.attempt }, "judge task was lost; queued again");
    } catch (err) {
      // Counted as a try: the next sweep finds it again.
      logger.error({ err, submissionId: s._id }, "could not queue a stuck submission again");
    }
  }
  return report;
}

function compareIds(a: string, b: string): number {
  const [am, as] = a.split("-").map(BigInt);
  const [bm, bs] = b.split("-").map(BigInt);
  return am === bm ? (as === bs ? 0 : as < bs ? -1 : 1) : am < bm ? -1 : 1;
}

/**
 * Removes task entries the judges are done with (delivered and acknowledged: their results are in
 * the results stream or already in the database), so the lanes do not keep every submission's
 * code forever. Entries still undelivered or pending at a judge stay.
 */
export async function trimFinishedTasks(): Promise<number> {
  let removed = 0;
  for (const lane of [JudgeStreams.contestTasks, JudgeStreams.normalTasks, JudgeStreams.testTasks]) {
    const key = rkey(lane);
    const last = await lastDeliveredId(key, JUDGE_GROUP);
    if (last === null || last === "0-0") continue;
    const summary = (await redis().xpending(key, JUDGE_GROUP)) as [number, string | null, string | null, unknown];
    const oldestPending = summary[0] > 0 ? summary[1] : null;
    const keepFrom = oldestPending && compareIds(oldestPending, last) < 0 ? oldestPending : last;
    removed += Number(await redis().xtrim(key, "MINID", keepFrom));
  }
  return removed;
}

/** Forgets consumers of the "web" group that hold nothing and have been idle for a day. */
export async function forgetIdleResultConsumers(idleMs = 24 * 3600_000): Promise<number> {
  const key = rkey(JudgeStreams.results);
  let removed = 0;
  try {
    const consumers = (await redis().xinfo("CONSUMERS", key, RESULT_GROUP)) as unknown[][];
    for (const c of consumers) {
      const info: Record<string, unknown> = {};
      for (let i = 0; i + 1 < c.length; i += 2) info[String(c[i])] = c[i + 1];
      if (Number(info.pending) === 0 && Number(info.idle) > idleMs) {
        await redis().xgroup("DELCONSUMER", key, RESULT_GROUP, String(info.name));
        removed++;
      }
    }
  } catch (err) {
    if (!String(err).includes("NOGROUP") && !String(err).includes("no such key")) throw err;
  }
  return removed;
}

export interface Sweeper {
  stop(): Promise<void>;
}

/** Runs `sweepOnce` every `intervalMs` in whichever web process holds the sweeper lock. */
export function startSweeper(opts: SweepOptions & { intervalMs?: number } = {}): Sweeper {
  const intervalMs = opts.intervalMs ?? env.judging.sweepIntervalMs;
  let running = true;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> = Promise.resolve();

  const tick = async () => {
    try {
      await withLocks(
        ["judge-sweeper"],
        async () => {
          const r = await sweepOnce(opts);
          if (r.repaired || r.requeued.length || r.gaveUp.length) logger.info(r, "judge sweep");
          await trimFinishedTasks();
          await forgetIdleResultConsumers();
        },
        { ttlMs: Math.max(intervalMs * 2, 60_000), waitMs: 0 },
      );
    } catch (err) {
      // Another process is sweeping right now.
      if (!(err instanceof LockTimeoutError)) logger.error({ err }, "judge sweep failed");
    }
  };
  const schedule = (ms: number) => {
    if (!running) return;
    timer = setTimeout(() => {
      current = tick().finally(() => schedule(intervalMs));
    }, ms);
  };
  // First sweep soon after start: it also repairs what a crash of this process left behind.
  schedule(Math.min(intervalMs, 2000));
  return {
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
