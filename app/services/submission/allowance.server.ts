import { RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { RUNNING_STATUSES } from "~/lib/constants";
import { Submission } from "~/models/submission.server";
import { DomainError } from "~/services/errors.server";
import { exemptFromSubmissionAllowance } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { logger } from "../platform/logger.server";
import { unreachableService } from "../platform/outage.server";
import { LockTimeoutError, withLocks } from "../platform/redis-lock.server";
import { redis, rkey } from "../platform/redis.server";
import { getWebsiteConfig } from "../site/config.server";

// How much one user may make the judges do: at most N submissions waiting for a verdict (Pending,
// Compiling, Judging, Submitting) at once and at most M sent a minute, both set on the switch page.
// Submissions with a contest id have their own, larger pair, counted apart, so practice never eats
// into a contest. Administrators (super admin, admin, problem admin) are not limited: they test
// problems in bulk and set these numbers.
//
// A refusal is a 429 and stores nothing. The check and the insert of one user's submissions run
// one at a time (a lock per user), so parallel requests cannot slip past the count; a submission
// that passed is stored and queued by the caller as before, and the sweeper queues again any
// whose task was lost.
//
// While Redis is down (no lock, no minute count) a submission is still taken, as the judging rules
// promise: only the count of unfinished submissions, read from the store, is checked then.

type Pool = "bank" | "contest";

const perMinuteLimiters = new Map<string, RateLimiterRedis>();

function perMinute(pool: Pool, points: number): RateLimiterRedis {
  // The count lives in Redis under the pool's prefix: a new allowance reads the same count.
  const name = `${pool}:${points}`;
  let l = perMinuteLimiters.get(name);
  if (!l) {
    l = new RateLimiterRedis({ storeClient: redis(), keyPrefix: rkey("submit-rate", pool), points, duration: 60 });
    perMinuteLimiters.set(name, l);
  }
  return l;
}

async function allowanceOf(pool: Pool): Promise<{ unfinished: number; perMinute: number }> {
  const c = await getWebsiteConfig();
  return pool === "contest"
    ? { unfinished: c.contestSubmitUnfinishedMax, perMinute: c.contestSubmitPerMinute }
    : { unfinished: c.submitUnfinishedMax, perMinute: c.submitPerMinute };
}

/** The user's submissions of a pool still waiting for a verdict, counted up to `max`. */
function unfinishedCount(uid: string, pool: Pool, max: number): Promise<number> {
  return Submission.countDocuments({ uid, cid: pool === "contest" ? { $gt: 0 } : 0, status: { $in: [...RUNNING_STATUSES] } }, { limit: max });
}

/**
 * Runs `store` (which writes one new submission of `user`) if the user's allowance has room for it;
 * otherwise throws DomainError("tooMany") and `store` never runs.
 */
export async function withinSubmissionAllowance<T>(user: CurrentUser, cid: number, store: () => Promise<T>): Promise<T> {
  if (exemptFromSubmissionAllowance(user)) return store();
  const pool: Pool = cid > 0 ? "contest" : "bank";
  let storeStarted = false;
  const runStore = () => {
    storeStarted = true;
    return store();
  };
  try {
    return await withLocks(
      [`submit-allowance:${user._id}`],
      async () => {
        const allowance = await allowanceOf(pool);
        if ((await unfinishedCount(user._id, pool, allowance.unfinished)) >= allowance.unfinished) {
          throw new DomainError("tooMany", "judge:tooManyUnfinished", { count: allowance.unfinished });
        }
        const limiter = perMinute(pool, allowance.perMinute);
        try {
          await limiter.consume(user._id);
        } catch (err) {
          if (!(err instanceof RateLimiterRes)) throw err;
          throw new DomainError("tooMany", "judge:tooManyPerMinute", { seconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) });
        }
        try {
          return await runStore();
        } catch (err) {
          // Nothing was stored: the minute's allowance is not spent.
          await limiter.reward(user._id, 1).catch(() => undefined);
          throw err;
        }
      },
      { ttlMs: 10_000, waitMs: 10_000 },
    );
  } catch (err) {
    if (err instanceof LockTimeoutError) throw new DomainError("tooMany", "judge:submitBusy");
    if (!storeStarted && unreachableService(err) === "redis") return withoutRedis(user, pool, store);
    throw err;
  }
}

async function withoutRedis<T>(user: CurrentUser, pool: Pool, store: () => Promise<T>): Promise<T> {
  logger.warn({ uid: user._id, pool }, "Redis is unreachable: checking the submission allowance by the store alone");
  const allowance = await allowanceOf(pool);
  if ((await unfinishedCount(user._id, pool, allowance.unfinished)) >= allowance.unfinished) {
    throw new DomainError("tooMany", "judge:tooManyUnfinished", { count: allowance.unfinished });
  }
  return store();
}
