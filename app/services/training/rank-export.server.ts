import { MemberAuth } from "~/lib/group";
import { GroupMember } from "~/models/group-member.server";
import { User } from "~/models/user.server";
import { countsOnTrainingRank } from "../access/policy.server";
import type { Cell, Table } from "../platform/spreadsheet.server";
import { trainingRankPage } from "./rank.server";
import type { TrainingScope } from "./scope.server";

// A training's progress to take away: its rank as the viewer's rank page shows it (every page),
// one column per problem saying solved, attempted or nothing, real names where the page shows
// them (the training's admins). A group's training lists the group's members who have not
// started too, after the ranked ones, so a teacher sees who is missing. A homework training adds
// the on-time and late solves and the weighted score, and a late solve's cell says it was late.

type Translate = (key: string, params?: Record<string, unknown>) => string;

const PAGE = 500;

export async function trainingProgressTable(ts: TrainingScope, t: Translate): Promise<Table> {
  const first = await trainingRankPage(ts, 1, PAGE);
  const records = [...first.records];
  for (let page = 2; page <= Math.ceil(first.total / PAGE); page++) records.push(...(await trainingRankPage(ts, page, PAGE)).records);
  const real = first.showRealname;
  const ids = first.problems;
  const hw = first.homework;
  const columns = [
    t("exports:column.rank"),
    t("exports:column.username"),
    ...(real ? [t("exports:column.realname")] : []),
    t("exports:column.school"),
    t("exports:column.solved"),
    ...(hw ? [t("exports:column.onTime"), t("exports:column.late"), t("exports:column.weightedScore")] : []),
    t("exports:column.totalTime"),
    ...ids,
  ];
  const rows = records.map((r): Cell[] => [
    r.rank,
    r.username,
    ...(real ? [r.realname || null] : []),
    r.school || null,
    r.ac,
    ...(hw ? [r.onTimeAc, r.lateAc, r.weightedScore] : []),
    r.totalRunTime,
    ...ids.map((id) => {
      const cell = r.submissionInfo[id];
      if (!cell) return null;
      if (cell.isAC && cell.late)
        return cell.counted === false ? t("exports:cell.solvedLateNotCounted") : t("exports:cell.solvedLate", { percent: Math.round((cell.credit ?? 0) * 100) });
      return t(cell.isAC ? "exports:cell.solved" : "exports:cell.tried");
    }),
  ]);
  const training = ts.training;
  if (training.gid != null) {
    const ranked = new Set(records.map((r) => r.uid));
    const members = await GroupMember.find({ gid: training.gid, auth: { $gte: MemberAuth.MEMBER } })
      .select("uid")
      .lean<Array<{ uid: string }>>();
    const missing = members.map((m) => m.uid).filter((uid) => !ranked.has(uid));
    const users = (
      await User.find({ _id: { $in: missing } })
        .select("_id username role realname school")
        .lean<Array<{ _id: string; username: string; role: number; realname?: string; school?: string }>>()
    ).filter((u) => countsOnTrainingRank(training, u));
    users.sort((a, b) => a.username.localeCompare(b.username));
    for (const u of users) rows.push([null, u.username, ...(real ? [u.realname || null] : []), u.school || null, 0, ...(hw ? [0, 0, 0] : []), 0, ...ids.map(() => null)]);
  }
  return { sheet: t("exports:sheet.progress"), columns, rows };
}
