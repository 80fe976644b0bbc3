import { rm } from "node:fs/promises";
import { Carousel } from "~/models/carousel.server";
import { nextSeq } from "~/models/counter.server";
import { bankProblemsQuery, mayAdministerSite, requireSiteAdministrator } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { saveMarkdownImage, type Upload } from "../community/files.server";
import { DomainError } from "../errors.server";
import { Contest, type ContestDoc } from "~/models/contest.server";
import { Problem } from "~/models/problem.server";
import { pagesChanged, pageVersions } from "../platform/page-cache.server";
import { cacheKey, kept } from "../platform/query-cache.server";
import { SITE } from "../contest/scope.server";

// The home page's lists besides the announcements (announcements.server.ts) and the rankings
// (stats/): the carousel's images, recently updated problems, recent contests.

export const RECENT_PROBLEMS = 10;
export const RECENT_CONTESTS = 5;
const LIST_MS = 5_000;

/** The carousel's images (HOJ's /home-carousel: id and url); none means the default banner. */
export async function carouselImages(): Promise<Array<{ id: number; url: string }>> {
  const docs = await Carousel.find({}).sort({ _id: 1 }).lean();
  return docs.map((d) => ({ id: d._id, url: d.url }));
}

/** HOJ's RecentUpdatedProblemVO list: the public problems changed last. */
export async function recentUpdatedProblems() {
  const version = (await pageVersions(["problems"]))?.[0] ?? "-";
  return kept(cacheKey("recent-problems", { version }), { minTtlMs: LIST_MS }, async () => {
    const docs = await Problem.find({ $and: bankProblemsQuery() })
      .sort({ gmtModified: -1, _id: -1 })
      .limit(RECENT_PROBLEMS)
      .select("_id problemId title type gmtCreate gmtModified")
      .lean<Array<{ _id: number; problemId: string; title: string; type: number; gmtCreate: Date; gmtModified: Date }>>();
    return docs.map((d) => ({ id: d._id, problemId: d.problemId, title: d.title, type: d.type, gmtCreate: d.gmtCreate, gmtModified: d.gmtModified }));
  });
}

/** The site's visible contests that have not ended, the soonest first (HOJ's /get-recent-contest). */
export async function recentContests(now = new Date()): Promise<ContestDoc[]> {
  return Contest.find({ gid: SITE.gid, visible: true, endTime: { $gt: now } })
    .sort({ startTime: 1, _id: 1 })
    .limit(RECENT_CONTESTS)
    .lean<ContestDoc[]>();
}

/**
 * Adds a picture to the carousel (super admin): kept like a Markdown picture (checked by name and
 * bytes, by content hash) and listed in the carousel.
 */
export async function addCarouselImage(user: CurrentUser, upload: Upload | null, tooLarge: boolean): Promise<{ id: number; url: string }> {
  if (!mayAdministerSite(user)) {
    if (upload) await rm(upload.path, { force: true });
    throw new DomainError("forbidden", "common:errors.forbidden");
  }
  const saved = await saveMarkdownImage(user, upload, { tooLarge });
  const doc = await Carousel.create({ _id: await nextSeq("carousel"), url: saved.link });
  await pagesChanged("site");
  return { id: doc._id, url: doc.url };
}

export async function removeCarouselImage(user: CurrentUser, id: number): Promise<void> {
  requireSiteAdministrator(user);
  const res = await Carousel.deleteOne({ _id: id });
  if (res.deletedCount === 0) throw new DomainError("notFound", "community:errors.fileNotFound");
  await pagesChanged("site");
}
