import { randomBytes } from "node:crypto";
import { Problem } from "~/models/problem.server";
import { bankHiddenProblemsQuery } from "../access/policy.server";
import { logger } from "../platform/logger.server";
import { singleFlight } from "../platform/query-cache.server";
import { pagesChanged } from "../platform/page-cache.server";
import { redis, rkey } from "../platform/redis.server";

// The problems the bank hides from learners (private ones, contest ones, a group's own), by id:
// lists of submissions leave their rows out. They are few and change only when an admin writes a
// problem, so each web process keeps the list under a version that every such write replaces in
// Redis. Redis being down only costs the keeping: the list is read from the store each time.

let kept: { version: string; ids: number[] } | null = null;

function versionKey(): string {
  return rkey("problem-visibility");
}

/**
 * Called after any write that may change who sees a problem (create, edit, delete, import, auth);
 * the problem list's kept pages and the rendered copies of anonymous list pages go with it.
 */
export async function problemVisibilityChanged(): Promise<void> {
  kept = null;
  try {
    await redis().set(versionKey(), randomBytes(9).toString("base64url"));
  } catch (err) {
    logger.warn({ err }, "could not mark the problems' visibility changed");
  }
  await pagesChanged("problems");
}

function readHidden(): Promise<number[]> {
  return singleFlight("problem-visibility", async () => {
    const docs = await Problem.find(bankHiddenProblemsQuery()).select("_id").lean<Array<{ _id: number }>>();
    return docs.map((d) => d._id).sort((a, b) => a - b);
  });
}

/** Ids of the problems the bank shows to nobody but the admin roles. */
export async function hiddenBankProblemIds(): Promise<number[]> {
  let version: string;
  try {
    version = (await redis().get(versionKey())) ?? "-";
  } catch (err) {
    logger.warn({ err }, "hidden problems read without keeping");
    return readHidden();
  }
  if (kept && kept.version === version) return kept.ids;
  const ids = await readHidden();
  kept = { version, ids };
  return ids;
}
