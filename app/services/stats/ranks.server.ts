import { z } from "zod";
import { PAGE_SIZE } from "~/lib/constants";
import { User } from "~/models/user.server";
import { cacheKey, kept } from "../platform/query-cache.server";
import { RANK_USER_FIELDS, rankUserJson, type RankUser } from "./stats.server";
import { escapeRegex } from "~/lib/regex";
import { RankType } from "~/lib/rank";

// The site's ranks (/acm-rank, /oi-rank, HOJ's /get-rank-list) from the counters the result
// applier keeps on each user: ACM by problems solved, then fewer submissions; OI by OI rank score
// (spec section 9), then problems solved. Disabled accounts are left out.

export { RankType };
export const SEARCH_USER_MAX = 50;

export const rankListSchema = z.object({
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).optional().catch(undefined),
  type: z.coerce.number().int().min(0).max(1).catch(RankType.ACM).default(RankType.ACM),
  searchUser: z.string().trim().max(SEARCH_USER_MAX).catch("").default(""),
});

export type RankListQuery = z.infer<typeof rankListSchema>;

export function defaultRankLimit(type: number): number {
  return type === RankType.OI ? PAGE_SIZE.oiRank : PAGE_SIZE.rank;
}

export interface RankRow extends ReturnType<typeof rankUserJson> {
  rank: number;
  ac: number;
  total: number;
  score: number;
  rating: null;
}

/**
 * Rank pages are kept in Redis for a few seconds (as HOJ keeps its rank lists): on the development
 * store every read of the rank sorts all users in memory, and many visitors ask for the same pages.
 */
const RANK_KEPT_MS = 3_000;

/** A page of a rank (HOJ's IPage of ACMRankVO / OIRankVO; each row also carries its place). */
export function rankList(q: RankListQuery) {
  const limit = q.limit ?? defaultRankLimit(q.type);
  return kept(cacheKey("rank-list", { ...q, limit }), { minTtlMs: RANK_KEPT_MS }, () => readRank(q, limit));
}

async function readRank(q: RankListQuery, limit: number) {
  const filter: Record<string, unknown> = { status: 0 };
  if (q.searchUser) {
    const re = { $regex: escapeRegex(q.searchUser), $options: "i" };
    filter.$or = [{ username: re }, { nickname: re }];
  }
  const sort: Record<string, 1 | -1> = q.type === RankType.OI ? { oiScore: -1, acCount: -1, _id: 1 } : { acCount: -1, submitCount: 1, _id: 1 };
  const [total, users] = await Promise.all([
    User.countDocuments(filter),
    User.find(filter)
      .sort(sort)
      .skip((q.currentPage - 1) * limit)
      .limit(limit)
      .select(RANK_USER_FIELDS)
      .lean<RankUser[]>(),
  ]);
  const records: RankRow[] = users.map((u, i) => ({
    ...rankUserJson(u),
    rank: (q.currentPage - 1) * limit + i + 1,
    ac: u.acCount ?? 0,
    total: u.submitCount ?? 0,
    score: u.oiScore ?? 0,
    rating: null,
  }));
  return { records, total, size: limit, current: q.currentPage, pages: Math.max(1, Math.ceil(total / limit)) };
}
