import type { CurrentUser } from "../account/session.server";
import { contestProblemList } from "../contest/problems.server";
import { resolveContest } from "../contest/scope.server";
import { DomainError } from "../errors.server";
import { trainingProblemList } from "../training/problems.server";
import { resolveTraining } from "../training/scope.server";

// The problem switcher of the full-screen problem page (HOJ's get-full-screen-problem-list): the
// problems of the contest or training the page belongs to, each with the viewer's status, read
// through the contest's or training's own list (its entry rules and, in a contest, its seal).

export interface FullScreenProblemRow {
  pid: number;
  problemId: string;
  title: string;
  status: number;
  score: number | null;
}

export async function fullScreenProblemList(user: CurrentUser, ids: { cid: number | null; tid: number | null }): Promise<FullScreenProblemRow[]> {
  if (ids.cid !== null) {
    const { rows } = await contestProblemList(await resolveContest(ids.cid, user, null));
    return rows.map((r) => ({ pid: r.pid, problemId: r.displayId, title: r.displayTitle, status: r.myStatus, score: r.score }));
  }
  if (ids.tid !== null) {
    const rows = await trainingProblemList(await resolveTraining(ids.tid, user, null));
    return rows.map((r) => ({ pid: r.pid, problemId: r.problemId, title: r.title, status: r.myStatus, score: null }));
  }
  throw new DomainError("invalid", "common:errors.badRequest");
}
