import { groupRealNamesShown, type Viewer } from "../access/policy.server";
import type { Cell, Table } from "../platform/spreadsheet.server";
import { groupForMember } from "./groups.server";
import { groupRankList, groupRankSchema } from "./rank.server";

// A group's rank to take away: every member in the order of the rank page's view (ACM or OI),
// with the page's figures (with homework trainings, the solves in them on time and late); real
// names for the group's admins.

type Translate = (key: string, params?: Record<string, unknown>) => string;

export async function groupRankTable(viewer: Viewer, gid: number, type: number, t: Translate): Promise<Table> {
  const view = await groupForMember(gid, viewer);
  const real = groupRealNamesShown(viewer, view.ctx);
  const query = (currentPage: number) => groupRankSchema.parse({ currentPage, limit: 100, type });
  const first = await groupRankList(viewer, gid, query(1));
  const records = [...first.records];
  for (let page = 2; page <= Math.ceil(first.total / first.size); page++) records.push(...(await groupRankList(viewer, gid, query(page))).records);
  const columns = [
    t("exports:column.rank"),
    t("exports:column.username"),
    t("exports:column.nickname"),
    ...(real ? [t("exports:column.realname")] : []),
    t("exports:column.solved"),
    t("exports:column.submissions"),
    t("exports:column.score"),
    ...(first.homework ? [t("exports:column.onTime"), t("exports:column.late")] : []),
  ];
  const rows = records.map((r): Cell[] => [
    r.rank,
    r.username,
    r.nickname || null,
    ...(real ? [r.realname || null] : []),
    r.ac,
    r.total,
    r.score,
    ...(first.homework ? [r.homeworkOnTime ?? 0, r.homeworkLate ?? 0] : []),
  ]);
  return { sheet: t("exports:sheet.rank"), columns, rows };
}
