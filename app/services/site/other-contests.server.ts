import { z } from "zod";
import { env } from "../platform/env.server";
import { logger } from "../platform/logger.server";
import { singleFlight } from "../platform/query-cache.server";
import { redis, rkey } from "../platform/redis.server";

// The upcoming rounds of other judges (HOJ's get-recent-other-contest): Codeforces's public
// `api/contest.list`, asked at most once an hour across the site (the answer is kept in Redis; a
// failed request is kept for five minutes as an empty list, so an unreachable site costs one
// request per five minutes and never holds up the home page for longer than the request's bound).

export interface OtherContest {
  oj: string;
  title: string;
  beginTime: string;
  endTime: string;
  url: string;
}

const KEPT_S = 3600;
const FAILED_S = 300;
const REQUEST_TIMEOUT_MS = 5000;
/** Rounds starting within this many days are listed, as many as HOJ's home shows. */
const WITHIN_DAYS = 30;
const MAX_ROUNDS = 20;

const contestListSchema = z.object({
  status: z.literal("OK"),
  result: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      phase: z.string(),
      durationSeconds: z.number(),
      startTimeSeconds: z.number().optional(),
    }),
  ),
});

function siteUrl(path: string): string {
  const base = env.codeforcesUrl.endsWith("/") ? env.codeforcesUrl : `${env.codeforcesUrl}/`;
  return new URL(path, base).toString();
}

/** Codeforces's answer turned into HOJ's rows: rounds not yet started or running, soonest first. */
export function otherContestsFrom(body: unknown, now: Date): OtherContest[] {
  const parsed = contestListSchema.safeParse(body);
  if (!parsed.success) throw new Error("contest.list answered in an unknown shape");
  const until = now.getTime() + WITHIN_DAYS * 86_400_000;
  return parsed.data.result
    .filter((c) => c.startTimeSeconds !== undefined && (c.phase === "BEFORE" || c.phase === "CODING"))
    .filter((c) => (c.startTimeSeconds as number) * 1000 <= until)
    .sort((a, b) => (a.startTimeSeconds as number) - (b.startTimeSeconds as number))
    .slice(0, MAX_ROUNDS)
    .map((c) => {
      const begin = (c.startTimeSeconds as number) * 1000;
      return {
        oj: "Codeforces",
        title: c.name,
        beginTime: new Date(begin).toISOString(),
        endTime: new Date(begin + c.durationSeconds * 1000).toISOString(),
        url: siteUrl(`contest/${c.id}`),
      };
    });
}

async function fetchOtherContests(): Promise<OtherContest[]> {
  const res = await fetch(siteUrl("api/contest.list?gym=false"), { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`contest.list answered ${res.status}`);
  return otherContestsFrom(await res.json(), new Date());
}

export async function recentOtherContests(): Promise<OtherContest[]> {
  const key = rkey("recent-other-contest");
  const kept = await redis().get(key);
  if (kept !== null) return JSON.parse(kept) as OtherContest[];
  return singleFlight(key, async () => {
    let rows: OtherContest[] = [];
    let ttl = KEPT_S;
    try {
      rows = await fetchOtherContests();
    } catch (err) {
      logger.warn({ err }, "the other judges' rounds could not be read");
      ttl = FAILED_S;
    }
    await redis().set(key, JSON.stringify(rows), "EX", ttl);
    return rows;
  });
}
