import { JudgeStatus } from "~/lib/constants";
import { SealChoice } from "~/lib/contest";
import { emptyCell, inOrder, OI_FULL_SCORE, viewWindow, type ContestRule } from "./rule.server";

// OI rule: per problem the score of the most recent judged submission ("Recent") or the highest
// ("Highest", the earliest of equal ones), as oiRankScoreType says; total score, then total time:
// the run time of the problems with full marks (accepted). Compile errors score 0 like any other
// judged submission; pending ones and, while sealed, later ones are shown as tries only. An
// ACM-type problem in an OI contest has no case scores: accepted scores full marks (100).

/** Total times stay far below this, so score and time fit one sort key. */
const TIME_SPAN = 1e9;

export const oiRule: ContestRule = {
  type: 1,
  name: "OI",
  scoring: "oi",
  hojType: 1,
  // While sealed a contestant sees "Submitted successfully" for their own submissions too.
  visibility: { ownResultWhileSealed: false, ownCasesAlways: false },
  defaultSealChoice() {
    return SealChoice.FROM_START;
  },
  computeRow(contest, view, subs) {
    const { counted, hidden } = viewWindow(contest, view);
    const highest = contest.oiRankScoreType === "Highest";
    const end = contest.endTime.getTime();
    const cells: Record<string, ReturnType<typeof emptyCell>> = {};
    const chosen = new Map<string, { score: number; status: number; time: number; id: number; at: number }>();
    for (const s of inOrder(subs)) {
      if (!counted(s)) continue;
      const key = String(s.pid);
      const cell = (cells[key] ??= emptyCell());
      if (hidden(s)) {
        cell.tryNum++;
        continue;
      }
      if (s.status === JudgeStatus.CANCELLED || s.status === JudgeStatus.SUBMITTED_FAILED || s.status === JudgeStatus.SYSTEM_ERROR) continue;
      cell.judged++;
      const score = contest.acmPids?.has(s.pid) ? (s.status === JudgeStatus.ACCEPTED ? OI_FULL_SCORE : 0) : (s.score ?? 0);
      const prev = chosen.get(key);
      if (!prev || !highest || score > prev.score || (score === prev.score && s.status === JudgeStatus.ACCEPTED && s.time < prev.time && prev.status === JudgeStatus.ACCEPTED)) {
        chosen.set(key, { score, status: s.status, time: s.time ?? 0, id: s._id, at: s.submitTime.getTime() });
      }
    }
    let ac = 0;
    let totalScore = 0;
    let totalTime = 0;
    for (const [key, c] of chosen) {
      const cell = cells[key];
      cell.score = c.score;
      cell.isAC = c.status === JudgeStatus.ACCEPTED;
      cell.errorNum = cell.judged;
      if (cell.isAC) {
        ac++;
        cell.time = c.time;
        cell.acSubmitId = c.id;
        cell.acAt = c.at;
        cell.acTime = Math.floor((c.at - contest.startTime.getTime()) / 1000);
        cell.isAfterContest = c.at >= end;
        totalTime += c.time;
      }
      totalScore += c.score;
    }
    return { ac, totalTime, totalScore, cells };
  },
  sortScore(row) {
    return -row.totalScore * TIME_SPAN + Math.min(row.totalTime, TIME_SPAN - 1);
  },
  earnsAward(row) {
    return row.totalScore > 0;
  },
};
