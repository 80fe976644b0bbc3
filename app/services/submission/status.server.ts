import { EventEmitter } from "node:events";
import type { Redis } from "ioredis";
import { JudgeStatus, RUNNING_STATUSES } from "~/lib/constants";
import { Submission, type SubmissionDoc } from "~/models/submission.server";
import { DomainError } from "~/services/errors.server";
import { logger } from "../platform/logger.server";
import { scopeOf, type ProblemForAccess } from "../access/policy.server";
import { groupScopeOfRecord } from "../group/scope.server";
import { Problem } from "~/models/problem.server";
import { newRedisConnection, redis, rkey } from "../platform/redis.server";
import { hiddenContestResults } from "../contest/result-view.server";
import { pagesChanged } from "../platform/page-cache.server";
import type { CurrentUser } from "../account/session.server";

// Live status of submissions for the pages: a cheap read of one submission's status, and a
// server-sent event stream that pushes each change (lists poll /ojapi/check-submissions-status,
// in submission-views.server.ts). The result applier publishes every write on one Redis channel;
// each web process subscribes once and fans out to its open streams.

export const STATUS_CHANNEL = "judge:status";

export interface SubmissionStatus {
  submitId: number;
  status: number;
  score: number;
  time: number;
  memory: number;
  /** Cases judged so far (while judging) or in the final result. */
  cases: number;
  /** True once the status no longer changes without a rejudge. */
  final: boolean;
}

type StatusSource = Pick<SubmissionDoc, "_id" | "status" | "score" | "time" | "memory"> & { caseResults?: unknown[] };

export function toStatus(s: StatusSource): SubmissionStatus {
  return {
    submitId: s._id,
    status: s.status,
    score: s.score ?? 0,
    time: s.time ?? 0,
    memory: s.memory ?? 0,
    cases: s.caseResults?.length ?? 0,
    final: !RUNNING_STATUSES.has(s.status),
  };
}

/** Called after every write of a submission's judging fields; a lost message is covered by polling. */
export function publishStatus(s: StatusSource): void {
  // The submission lists' rendered copies show the old status: they are dropped.
  void pagesChanged("submissions");
  redis()
    .publish(rkey(STATUS_CHANNEL), JSON.stringify(toStatus(s)))
    .catch((err: unknown) => logger.warn({ err, submitId: s._id }, "could not publish a status change"));
}

const emitter = new EventEmitter();
emitter.setMaxListeners(0);
let subscriber: Redis | null = null;
let subscribing: Promise<void> | null = null;

function ensureSubscriber(): Promise<void> {
  if (subscribing) return subscribing;
  const conn = newRedisConnection();
  subscriber = conn;
  conn.on("message", (_channel: string, raw: string) => {
    try {
      const ev = JSON.parse(raw) as SubmissionStatus;
      emitter.emit(String(ev.submitId), ev);
    } catch {
      // Not ours: ignored.
    }
  });
  conn.on("error", (err: unknown) => logger.warn({ err }, "status subscriber connection error"));
  subscribing = conn.subscribe(rkey(STATUS_CHANNEL)).then(() => undefined);
  subscribing.catch(() => {
    subscribing = null;
  });
  return subscribing;
}

/** Listens to the status changes of one submission in this process; returns the unsubscribe. */
export async function onStatusChange(submitId: number, listener: (s: SubmissionStatus) => void): Promise<() => void> {
  await ensureSubscriber();
  const key = String(submitId);
  emitter.on(key, listener);
  return () => emitter.off(key, listener);
}

export async function closeStatusSubscriber(): Promise<void> {
  const conn = subscriber;
  subscriber = null;
  subscribing = null;
  emitter.removeAllListeners();
  if (conn) await conn.quit().catch(() => conn.disconnect());
}

// Only the index of each case: enough to count them without reading outputs.
const STATUS_FIELDS = "_id pid uid cid tid gid status score time memory submitTime caseResults.index";

/** The current status of one submission, or null when it does not exist or is not visible. */
export async function getSubmissionStatus(viewer: CurrentUser | null, submitId: number): Promise<SubmissionStatus | null> {
  const sub = await Submission.findById(submitId).select(STATUS_FIELDS).lean();
  if (!sub) return null;
  const problem = await Problem.findById(sub.pid).select("auth gid applyPublicProgress").lean<ProblemForAccess>();
  const scope = (await groupScopeOfRecord(sub, viewer)) ?? scopeOf(sub);
  if (!scope.seesSubmission(viewer, sub, problem)) return null;
  // A result the sealed board hides: "Submitted Unknown Result", final (the stream ends there).
  if (sub.cid > 0 && (await hiddenContestResults(viewer, [sub])).has(sub._id)) {
    return { submitId: sub._id, status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, score: 0, time: 0, memory: 0, cases: 0, final: true };
  }
  return toStatus(sub);
}

export const STREAM_LIMITS = {
  /** A database read this often covers any change whose publication was lost. */
  pollMs: 5000,
  heartbeatMs: 15_000,
  /** The browser reconnects after this (EventSource does it by itself). */
  maxLifetimeMs: 10 * 60_000,
  retryMs: 2000,
};

/**
 * A text/event-stream of one submission's status: the current status at once, then every change,
 * ending after the final one. Events are named "status"; the last one is followed by "end".
 */
export async function submissionEventStream(request: Request, viewer: CurrentUser | null, submitId: number): Promise<Response> {
  const first = await getSubmissionStatus(viewer, submitId);
  if (!first) throw new DomainError("notFound", "judge:submissionNotFound");
  const encoder = new TextEncoder();
  let cleanup: () => void = () => undefined;

  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      let last = "";
      const timers: NodeJS.Timeout[] = [];
      let unsubscribe: () => void = () => undefined;
      const close = () => {
        if (closed) return;
        closed = true;
        // clearInterval clears timeouts as well.
        for (const t of timers) clearInterval(t);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // Already closed by the client going away.
        }
      };
      cleanup = close;
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const send = (s: SubmissionStatus) => {
        const data = JSON.stringify(s);
        if (data === last) return;
        last = data;
        write(`event: status\ndata: ${data}\n\n`);
        if (s.final) {
          write(`event: end\ndata: {}\n\n`);
          close();
        }
      };

      write(`retry: ${STREAM_LIMITS.retryMs}\n\n`);
      request.signal.addEventListener("abort", close, { once: true });
      try {
        unsubscribe = await onStatusChange(submitId, send);
      } catch (err) {
        logger.warn({ err }, "status stream without push updates; polling only");
      }
      send(first);
      if (closed) return;
      // Read again now that the subscription is live: a change between the first read and the
      // subscription would otherwise wait for the next poll.
      const again = await getSubmissionStatus(viewer, submitId).catch(() => null);
      if (again) send(again);
      timers.push(
        setInterval(() => {
          void getSubmissionStatus(viewer, submitId)
            .then((s) => (s ? send(s) : close()))
            .catch(() => undefined);
        }, STREAM_LIMITS.pollMs),
        setInterval(() => write(`: ping\n\n`), STREAM_LIMITS.heartbeatMs),
      );
      timers.push(setTimeout(close, STREAM_LIMITS.maxLifetimeMs));
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
