import { z } from "zod";
import { PAGE_SIZE } from "~/lib/constants";
import { Submission } from "~/models/submission.server";
import type { CurrentUser } from "../account/session.server";
import { findUserByUsername } from "../account/users.server";
import { queryLimit, queryPage, queryText } from "../platform/validation.server";
import { LIST_FIELDS, problemsForAccess, submissionRow, withHojScores, type ListDoc } from "../submission/views.server";
import { requireTrainingEntry, type TrainingScope } from "./scope.server";

// The training's record list (spec section 2, the record tab): submissions made in the training,
// newest first, 15 a page, mine or everyone's, each only where the training scope lets the viewer
// see it.

const flag = z.preprocess((v) => v === true || v === "true" || v === "1" || v === "on", z.boolean());

export const trainingSubmissionsSchema = z.object({
  tid: z.coerce.number({ invalid_type_error: "training:notFound" }).int().positive("training:notFound"),
  onlyMine: flag,
  searchUsername: queryText(50),
  currentPage: queryPage,
  limit: queryLimit(PAGE_SIZE.submissions),
});

export async function listTrainingSubmissions(ts: TrainingScope, q: z.infer<typeof trainingSubmissionsSchema>) {
  requireTrainingEntry(ts);
  const policy = ts.scope;
  const viewer = ts.viewer as CurrentUser;
  const filter: Record<string, unknown> = { tid: ts.training._id, cid: 0 };
  const empty = { records: [], total: 0, size: q.limit, current: q.currentPage };
  if (q.onlyMine) filter.uid = viewer._id;
  else if (q.searchUsername) {
    const author = await findUserByUsername(q.searchUsername);
    if (!author) return empty;
    filter.uid = author._id;
  }
  const [total, docs] = await Promise.all([
    Submission.countDocuments(filter),
    Submission.find(filter)
      .sort({ _id: -1 })
      .skip((q.currentPage - 1) * q.limit)
      .limit(q.limit)
      .select(LIST_FIELDS)
      .lean<ListDoc[]>(),
  ]);
  const problems = await problemsForAccess(docs.map((d) => d.pid));
  const seen = docs.filter((d) => policy.seesSubmission(viewer, d, problems.get(d.pid) ?? null));
  const records = await withHojScores(seen.map(submissionRow));
  return { records, total, size: q.limit, current: q.currentPage };
}
