import os from "node:os";
import type { Redis } from "ioredis";
import { FINAL_STATUSES, JUDGE_STATUS_INFO } from "~/lib/constants";
import { decodeMessage, encodeMessage, JudgeStreams, RESULT_CONSUMER_ALIVE_KEY, RESULT_GROUP, STREAM_FIELD, type ResultMessage } from "~/lib/judge-protocol";
import { aliveTtlMs, CLAIM_FROM_LUA, silentConsumers } from "~/lib/stream-consumers";
import { env } from "../platform/env.server";
import { applyJudgeEvents, flushFinishedCounterChanges, type ApplyOutcome } from "./apply.server";
import { logger } from "../platform/logger.server";
import { judgeResultsApplied, judgeVerdicts, judgeVerdictSeconds } from "../platform/metrics.server";
import { newRedisConnection, redis, rkey } from "../platform/redis.server";
import { isFerretDb } from "../platform/store.server";

// The result applier: reads <prefix>judge:results as consumer group "web" and applies each
// message to the database (judge-apply.server.ts), acknowledging it only after the write. Any
// number of web processes may run one, each under its own consumer name; correctness does not
// depend on which process gets which message (writes hold the submission's lock, are
// compare-and-set and idempotent).
//
// Order: messages of one submission in a batch are applied together, in stream order, as one
// write; different submissions are applied concurrently. Progress and case messages wait a moment
// (`holdProgressMs`, still unacknowledged) for the ones that follow, so a quickly judged submission
// costs one write for its verdict rather than one per case. A batch that could not be fully applied
// stays pending and is read again (this consumer's pending entries first) before anything new.
// Every applier renews an alive key of its own; entries left pending by a consumer whose key is gone
// (its process died) are taken over within seconds, and any entry pending longer than `claimIdleMs`
// is taken over as well.

export const DEAD_LETTERS = "judge:results:dead";
/** How often an applier renews its alive key and looks for appliers that stopped renewing theirs. */
const HEARTBEAT_MS = 2000;

type StreamEntry = [id: string, fields: string[]];

export interface ResultApplierOptions {
  consumer?: string;
  /** Entries read per call. */
  batch?: number;
  /** How long a read waits for new entries. */
  blockMs?: number;
  /** Entries pending this long at another consumer are taken over. */
  claimIdleMs?: number;
  /**
   * Submissions applied at the same time (default JUDGE_APPLY_CONCURRENCY, else 16; 1 on FerretDB,
   * whose SQLite store takes one write at a time and only gets slower with more).
   */
  concurrency?: number;
  /**
   * Progress and case messages of a submission are held this long before being written, so that
   * those arriving together (and the verdict, if it comes meanwhile) make one write.
   */
  holdProgressMs?: number;
}

export interface ResultApplier {
  readonly consumer: string;
  /** Resolves once the group exists and the loop runs. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export function defaultConsumerName(): string {
  return env.judging.resultConsumer || `${os.hostname()}-${process.pid}`;
}

export async function ensureResultGroup(conn: Redis = redis()): Promise<void> {
  try {
    await conn.xgroup("CREATE", rkey(JudgeStreams.results), RESULT_GROUP, "0", "MKSTREAM");
  } catch (err) {
    if (!String(err).includes("BUSYGROUP")) throw err;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

async function runLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await fn(item);
    }
  });
  await Promise.all(workers);
}

/**
 * Applies a batch of result entries. Returns the ids that are done (applied, or unusable and moved
 * to the dead letters) and whether anything failed.
 */
export async function applyResultEntries(entries: StreamEntry[], concurrency = 16): Promise<{ done: string[]; failed: number }> {
  const bySubmission = new Map<number, Array<{ id: string; msg: ResultMessage }>>();
  const done: string[] = [];
  const dead: Array<{ id: string; raw: string[]; reason: string }> = [];
  for (const [id, fields] of entries) {
    const msg = decodeMessage<ResultMessage>(fields ?? []);
    if (!msg || typeof msg !== "object" || !Number.isInteger(msg.submissionId) || !Number.isInteger(msg.attempt)) {
      dead.push({ id, raw: fields ?? [], reason: "unreadable message" });
      continue;
    }
    const list = bySubmission.get(msg.submissionId) ?? [];
    list.push({ id, msg });
    bySubmission.set(msg.submissionId, list);
  }

  let failed = 0;
  // Verdicts first: a learner waits for those; progress can follow.
  const groups = [...bySubmission.entries()].sort(
    ([, a], [, b]) => Number(b.some((x) => x.msg.type === "final")) - Number(a.some((x) => x.msg.type === "final")),
  );
  await runLimited(groups, concurrency, async ([submissionId, list]) => {
    try {
      const out = await applyJudgeEvents(
        submissionId,
        list.map((x) => ({ kind: "result" as const, msg: x.msg })),
      );
      if (!out.found) {
        for (const x of list) dead.push({ id: x.id, raw: [STREAM_FIELD, encodeMessage(x.msg)], reason: "no such submission" });
        return;
      }
      for (const x of list) done.push(x.id);
      countApplied(list.map((x) => x.msg), out);
    } catch (err) {
      failed++;
      logger.error({ err, submissionId }, "could not apply judge results; they stay pending");
    }
  });

  if (dead.length > 0) {
    // Kept for inspection rather than dropped: nothing a judge reports is lost.
    const multi = redis().multi();
    for (const d of dead) {
      multi.xadd(rkey(DEAD_LETTERS), "MAXLEN", "~", "10000", "*", "id", d.id, "reason", d.reason, ...d.raw);
    }
    await multi.exec();
    for (const d of dead) {
      logger.error({ entry: d.id, reason: d.reason }, "judge result moved to the dead letters");
      done.push(d.id);
    }
  }
  return { done, failed };
}

/** Metrics of messages applied: their types, and the verdict they wrote with how long it took. */
function countApplied(msgs: ResultMessage[], out: ApplyOutcome): void {
  for (const m of msgs) judgeResultsApplied.inc({ type: m.type });
  const s = out.state;
  if (!out.changed || !s || !FINAL_STATUSES.has(s.status) || !msgs.some((m) => m.type === "final" && m.attempt === s.attempt)) return;
  judgeVerdicts.inc({ verdict: JUDGE_STATUS_INFO[s.status]?.short ?? String(s.status) });
  // A rejudge's time is counted from the rejudge, which the submission does not keep.
  if (s.attempt === 1 && s.submitTime) judgeVerdictSeconds.observe({ lane: s.cid > 0 ? "contest" : "normal" }, Math.max(0, Date.now() - new Date(s.submitTime).getTime()) / 1000);
}

async function acknowledge(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const key = rkey(JudgeStreams.results);
  // Applied entries are removed as well: the database holds them now, and the stream stays small.
  await redis().multi().xack(key, RESULT_GROUP, ...ids).xdel(key, ...ids).exec();
}

function entriesOf(reply: unknown): StreamEntry[] {
  // XREADGROUP: [[key, [[id, fields], ...]]] or null.
  if (!Array.isArray(reply) || reply.length === 0) return [];
  const first = reply[0] as [string, Array<[string, string[] | null]>];
  return (first?.[1] ?? []).filter((e): e is StreamEntry => Array.isArray(e) && e[1] !== null);
}

export function startResultApplier(opts: ResultApplierOptions = {}): ResultApplier {
  const consumer = opts.consumer ?? defaultConsumerName();
  const batch = opts.batch ?? 200;
  const blockMs = opts.blockMs ?? 2000;
  const claimIdleMs = opts.claimIdleMs ?? 30_000;
  let concurrency = opts.concurrency ?? env.judging.applyConcurrency ?? 16;
  const holdMs = opts.holdProgressMs ?? env.judging.progressHoldMs;
  const maxHeld = 5000;
  const key = rkey(JudgeStreams.results);
  // Entries read but not yet applied, by submission, in stream order.
  const held = new Map<number, { since: number; final: boolean; entries: StreamEntry[] }>();

  /** Adds new entries to the held ones; returns those that cannot wait (unreadable ones). */
  const hold = (entries: StreamEntry[]): StreamEntry[] => {
    const now = Date.now();
    const urgent: StreamEntry[] = [];
    for (const e of entries) {
      const msg = decodeMessage<ResultMessage>(e[1]);
      if (!msg || typeof msg !== "object" || !Number.isInteger(msg.submissionId)) {
        urgent.push(e);
        continue;
      }
      let slot = held.get(msg.submissionId);
      if (!slot) held.set(msg.submissionId, (slot = { since: now, final: false, entries: [] }));
      slot.entries.push(e);
      if (msg.type === "final") slot.final = true;
    }
    return urgent;
  };
  /** Held entries due now: those with a verdict, those held long enough, all when too many. */
  const takeDue = (): StreamEntry[] => {
    const now = Date.now();
    const out: StreamEntry[] = [];
    const crowded = held.size > maxHeld;
    for (const [id, slot] of held) {
      if (crowded || slot.final || now - slot.since >= holdMs) {
        out.push(...slot.entries);
        held.delete(id);
      }
    }
    return out;
  };
  const nextDueInMs = (): number => {
    let next = Infinity;
    for (const slot of held.values()) next = Math.min(next, slot.since + holdMs - Date.now());
    return next;
  };
  const conn = newRedisConnection();
  const aliveKey = (name: string) => rkey(RESULT_CONSUMER_ALIVE_KEY, name);
  const ttlMs = aliveTtlMs(HEARTBEAT_MS);
  const renewAlive = () => void redis().set(aliveKey(consumer), String(Date.now()), "PX", ttlMs).catch(() => undefined);
  renewAlive();
  const heartbeat = setInterval(renewAlive, HEARTBEAT_MS);
  /** Entries of appliers that stopped heartbeating (their process died), claimed for this one. */
  const takeOverSilent = async (): Promise<StreamEntry[]> => {
    const out: StreamEntry[] = [];
    for (const c of await silentConsumers(conn, key, RESULT_GROUP, consumer, aliveKey, ttlMs)) {
      if (c.pending === 0) continue;
      const held = (await conn.xpending(key, RESULT_GROUP, "-", "+", batch, c.name)) as Array<[string, string, number, number]>;
      for (const [id] of held) {
        const claimed = (await conn.eval(CLAIM_FROM_LUA, 1, key, RESULT_GROUP, c.name, consumer, id)) as Array<[string, string[] | null]>;
        const entry = claimed[0];
        if (entry?.[1]) out.push([entry[0], entry[1]]);
        // Claimed but gone from the stream: nothing to apply.
        else if (entry) await conn.xack(key, RESULT_GROUP, id);
      }
    }
    return out;
  };
  let running = true;
  let resolveReady!: () => void;
  const ready = new Promise<void>((r) => (resolveReady = r));

  const applyBatch = async (entries: StreamEntry[]): Promise<boolean> => {
    if (entries.length === 0) return true;
    const { done, failed } = await applyResultEntries(entries, concurrency);
    await acknowledge(done);
    return failed === 0;
  };

  const loop = async () => {
    let backoff = 0;
    let readOwnPending = true;
    let lastClaim = 0;
    let lastTakeover = 0;
    let readyMarked = false;
    while (running) {
      try {
        if (!readyMarked) {
          if (opts.concurrency === undefined && env.judging.applyConcurrency === undefined && (await isFerretDb())) concurrency = 1;
          await ensureResultGroup(conn);
          readyMarked = true;
          resolveReady();
        }
        if (readOwnPending) {
          // This consumer's own unacknowledged entries, oldest first, before anything new.
          const reply = await conn.xreadgroup("GROUP", RESULT_GROUP, consumer, "COUNT", batch, "STREAMS", key, "0");
          const entries = entriesOf(reply);
          if (entries.length === 0) readOwnPending = false;
          else if (!(await applyBatch(entries))) throw new Error("some results could not be applied");
          continue;
        }
        if (Date.now() - lastTakeover >= HEARTBEAT_MS) {
          lastTakeover = Date.now();
          const entries = await takeOverSilent();
          if (entries.length > 0) {
            logger.info({ count: entries.length }, "took over judge results of a web process that stopped heartbeating");
            if (!(await applyBatch(entries))) throw new Error("some results could not be applied");
            continue;
          }
        }
        if (Date.now() - lastClaim >= Math.min(claimIdleMs, 10_000)) {
          lastClaim = Date.now();
          const claimed = (await conn.xautoclaim(key, RESULT_GROUP, consumer, claimIdleMs, "0-0", "COUNT", batch)) as [
            string,
            Array<StreamEntry | null>,
          ];
          const entries = (claimed?.[1] ?? []).filter((e): e is StreamEntry => Array.isArray(e) && e[1] !== null);
          if (entries.length > 0) {
            logger.info({ count: entries.length }, "took over judge results left pending by another web process");
            if (!(await applyBatch(entries))) throw new Error("some results could not be applied");
            continue;
          }
        }
        const wait = held.size > 0 ? Math.max(1, Math.min(blockMs, Math.ceil(nextDueInMs()))) : blockMs;
        const reply = await conn.xreadgroup("GROUP", RESULT_GROUP, consumer, "COUNT", batch, "BLOCK", wait, "STREAMS", key, ">");
        if (!running) {
          // Stopping: what was read or held stays pending for this consumer name and is read again.
          break;
        }
        const due = [...hold(entriesOf(reply)), ...takeDue()];
        if (!(await applyBatch(due))) throw new Error("some results could not be applied");
        backoff = 0;
      } catch (err) {
        if (!running) break;
        // Everything unacknowledged, held entries included, is read again from the pending list.
        held.clear();
        readOwnPending = true;
        backoff = Math.min(backoff ? backoff * 2 : 200, 5000);
        if (String(err).includes("NOGROUP")) readyMarked = false;
        logger.error({ err }, `judge result applier: retrying in ${backoff} ms`);
        await sleep(backoff);
      }
    }
  };

  const done = loop();
  return {
    consumer,
    ready,
    async stop() {
      running = false;
      clearInterval(heartbeat);
      // Interrupts a blocking read; entries read but not applied stay pending and are read again
      // (by this name's next run, or by another web process once the alive key is gone).
      conn.disconnect();
      await done;
      await redis()
        .del(aliveKey(consumer))
        .catch(() => undefined);
      await flushFinishedCounterChanges();
      resolveReady();
    },
  };
}
