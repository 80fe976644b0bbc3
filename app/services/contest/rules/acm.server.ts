import { JudgeStatus } from "~/lib/constants";
import { ACM_PENALTY_SECONDS, SealChoice } from "~/lib/contest";
import { emptyCell, inOrder, NOT_COUNTED, viewWindow, type ContestRule } from "./rule.server";

// ACM (ICPC) rule: solved count, then penalty time = for each solved problem, the seconds from the
// start to its first AC plus 20 minutes per rejected try before it. Compile and system errors cost
// nothing (a compile error still counts among the submissions, as HOJ's totals do); tries after
// the AC are ignored.

export const PENALTY_SECONDS = ACM_PENALTY_SECONDS;
/** Penalties stay far below this, so solved count and penalty fit one sort key. */
const TIME_SPAN = 1e10;

export const acmRule: ContestRule = {
  type: 0,
  name: "ACM",
  scoring: "acm",
  hojType: 0,
  // A contestant still learns their own verdicts while the board is sealed.
  visibility: { ownResultWhileSealed: true, ownCasesAlways: false },
  defaultSealChoice(durationSeconds) {
    return durationSeconds >= 3600 ? SealChoice.ONE_HOUR : SealChoice.FROM_START;
  },
  computeRow(contest, view, subs) {
    const { counted, hidden } = viewWindow(contest, view);
    const start = contest.startTime.getTime();
    const end = contest.endTime.getTime();
    const cells: Record<string, ReturnType<typeof emptyCell>> = {};
    for (const s of inOrder(subs)) {
      if (!counted(s)) continue;
      const key = String(s.pid);
      const cell = (cells[key] ??= emptyCell());
      if (hidden(s)) {
        if (!cell.isAC) cell.tryNum++;
        continue;
      }
      if (NOT_COUNTED.has(s.status)) {
        // A compile error is a try, in the row's and the problem's totals as HOJ counts it, that costs no penalty.
        if (s.status === JudgeStatus.COMPILE_ERROR) cell.judged++;
        continue;
      }
      cell.judged++;
      if (cell.isAC) continue;
      if (s.status === JudgeStatus.ACCEPTED) {
        cell.isAC = true;
        cell.acTime = Math.floor((s.submitTime.getTime() - start) / 1000);
        cell.acSubmitId = s._id;
        cell.acAt = s.submitTime.getTime();
        cell.isAfterContest = s.submitTime.getTime() >= end;
        // Tries still pending before the AC do not make it less solved.
        cell.tryNum = 0;
      } else {
        cell.errorNum++;
      }
    }
    let ac = 0;
    let totalTime = 0;
    for (const cell of Object.values(cells)) {
      if (!cell.isAC) continue;
      ac++;
      totalTime += cell.acTime + cell.errorNum * PENALTY_SECONDS;
    }
    return { ac, totalTime, totalScore: 0, cells };
  },
  sortScore(row) {
    return -row.ac * TIME_SPAN + Math.min(row.totalTime, TIME_SPAN - 1);
  },
  earnsAward(row) {
    return row.ac > 0;
  },
};
