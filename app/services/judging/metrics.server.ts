import { JUDGE_GROUP, JudgeStreams, RESULT_GROUP } from "~/lib/judge-protocol";
import { logger } from "../platform/logger.server";
import { registerCollected } from "../platform/metrics.server";
import { redis, rkey } from "../platform/redis.server";
import { liveJudges } from "./queue.server";

// The judge queue as Prometheus sees it, read from Redis when scraped: what waits on each lane and
// for how long, the judge results not yet written, the live judges and their slots. Every web
// process reports the same values (take the max across them); the judges' HorizontalPodAutoscaler
// scales on oj_judge_queue_length (deploy/kubernetes/).

const LANES = { contest: JudgeStreams.contestTasks, normal: JudgeStreams.normalTasks, test: JudgeStreams.testTasks } as const;
/** Counted one by one only when Redis cannot say how many entries a group has still to read. */
const COUNT_CAP = 10_000;

export interface StreamBacklog {
  /** Entries not yet delivered plus those delivered and not acknowledged. */
  waiting: number;
  /** Age in seconds of the oldest of those (0 when none). */
  oldestSeconds: number;
}

function idTime(id: string | null | undefined): number | null {
  const ms = Number(String(id ?? "").split("-")[0]);
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

/** What a consumer group still has to finish on a stream. */
export async function streamBacklog(key: string, group: string, now = Date.now()): Promise<StreamBacklog> {
  const r = redis();
  let info: Record<string, unknown> | null = null;
  try {
    for (const row of (await r.xinfo("GROUPS", key)) as unknown[][]) {
      const g: Record<string, unknown> = {};
      for (let i = 0; i + 1 < row.length; i += 2) g[String(row[i])] = row[i + 1];
      if (g.name === group) info = g;
    }
  } catch (err) {
    if (!String(err).includes("no such key")) throw err;
    return { waiting: 0, oldestSeconds: 0 };
  }
  if (!info) {
    // No consumer yet: everything in the stream waits.
    const [len, first] = await Promise.all([r.xlen(key), r.xrange(key, "-", "+", "COUNT", 1)]);
    const at = idTime(first[0]?.[0]);
    return { waiting: len, oldestSeconds: len > 0 && at ? Math.max(0, (now - at) / 1000) : 0 };
  }
  const last = String(info["last-delivered-id"] ?? "0-0");
  const pending = Number(info.pending ?? 0);
  const [nextUndelivered, summary] = await Promise.all([
    r.xrange(key, `(${last}`, "+", "COUNT", 1),
    pending > 0 ? (r.xpending(key, group) as Promise<[number, string | null, string | null, unknown]>) : Promise.resolve(null),
  ]);
  let undelivered = typeof info.lag === "number" ? info.lag : null;
  if (undelivered === null) undelivered = nextUndelivered.length === 0 ? 0 : (await r.xrange(key, `(${last}`, "+", "COUNT", COUNT_CAP)).length;
  const oldest = [idTime(summary?.[1]), idTime(nextUndelivered[0]?.[0])].filter((t): t is number => t !== null);
  return { waiting: undelivered + pending, oldestSeconds: oldest.length > 0 ? Math.max(0, (now - Math.min(...oldest)) / 1000) : 0 };
}

async function lanes(): Promise<Array<{ lane: string } & StreamBacklog>> {
  return Promise.all(Object.entries(LANES).map(async ([lane, stream]) => ({ lane, ...(await streamBacklog(rkey(stream), JUDGE_GROUP)) })));
}

/** A scrape must not fail because Redis is away (oj_dependency_up says so): no values then. */
async function quietly<T>(read: () => Promise<T[]>): Promise<T[]> {
  try {
    return await read();
  } catch (err) {
    logger.debug({ err }, "judge metrics unavailable");
    return [];
  }
}

registerCollected("oj_judge_queue_length", "Judge tasks not finished yet (waiting or running), by lane", ["lane"], () =>
  quietly(async () => (await lanes()).map((l) => ({ labels: { lane: l.lane }, value: l.waiting }))),
);

registerCollected("oj_judge_queue_oldest_seconds", "Age of the oldest unfinished judge task, by lane", ["lane"], () =>
  quietly(async () => (await lanes()).map((l) => ({ labels: { lane: l.lane }, value: l.oldestSeconds }))),
);

registerCollected("oj_judge_results_waiting", "Judge results not yet written to the store by any web process", [], () =>
  quietly(async () => [{ value: (await streamBacklog(rkey(JudgeStreams.results), RESULT_GROUP)).waiting }]),
);

registerCollected("oj_judges_live", "Judges with a recent heartbeat", [], () => quietly(async () => [{ value: (await liveJudges()).length }]));

registerCollected("oj_judge_slots_total", "Submission slots of the live judges, and how many are busy", ["state"], () =>
  quietly(async () => {
    const judges = await liveJudges();
    return [
      { labels: { state: "all" }, value: judges.reduce((n, j) => n + j.concurrency, 0) },
      { labels: { state: "busy" }, value: judges.reduce((n, j) => n + j.running, 0) },
    ];
  }),
);
