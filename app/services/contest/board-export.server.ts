import type { BoardView } from "~/models/contest-board.server";
import { hms } from "~/lib/contest-board";
import { contestRealNamesShown } from "../access/policy.server";
import type { Cell, Table } from "../platform/spreadsheet.server";
import { boardQuerySchema, contestRank } from "./views.server";
import { requireContestAdmin, type ContestScope } from "./scope.server";

// A contest's board to take away: every row of the board the viewer may see now (sealed for those
// without real-time rights, the contest services decide), read page by page through
// `contestRank`, with the board page's switches (star users, after-contest submissions, search).
// `contestBoardTable` is the site's download, headers in the viewer's language and real names for
// admins; `hojRankTable` is HOJ's /ojapi/file/download-contest-rank, in HOJ's columns.

type Translate = (key: string, params?: Record<string, unknown>) => string;
type Rank = Awaited<ReturnType<typeof contestRank>>;
type Row = Rank["records"][number];
type AcmCell = { isAC: boolean; errorNum: number; tryNum: number | null; ACTime: number | null };

const PAGE = 300;

export interface BoardExportQuery {
  removeStar: boolean;
  containsEnd: boolean;
  keyword: string;
}

/** Every row of the viewer's board, with the problems and the view read (`view` for HOJ's seal rule). */
async function wholeBoard(cs: ContestScope, q: BoardExportQuery, view?: BoardView): Promise<{ head: Rank; rows: Row[] }> {
  const query = (currentPage: number) => boardQuerySchema.parse({ cid: cs.contest._id, currentPage, limit: PAGE, removeStar: q.removeStar, containsEnd: q.containsEnd, keyword: q.keyword });
  const head = await contestRank(cs, query(1), false, view);
  const rows = [...head.records];
  for (let page = 2; page <= Math.ceil(head.total / PAGE); page++) rows.push(...(await contestRank(cs, query(page), false, view)).records);
  return { head, rows };
}

/** An ACM cell as the board shows it: the accepted time and rejected tries, or what is pending. */
function acmCellText(c: AcmCell): string {
  if (c.isAC) return c.errorNum ? `${hms(c.ACTime ?? 0)} (-${c.errorNum})` : hms(c.ACTime ?? 0);
  if ((c.tryNum ?? 0) > 0) return `? ${c.errorNum ? `-${c.errorNum}+` : ""}${c.tryNum}`;
  return c.errorNum > 0 ? `(-${c.errorNum})` : "";
}

/** The board as the viewer may see it, as one table in their language. */
export async function contestBoardTable(cs: ContestScope, q: BoardExportQuery, t: Translate): Promise<Table> {
  const { head, rows } = await wholeBoard(cs, q);
  const oi = cs.rule.scoring === "oi";
  const real = contestRealNamesShown(cs.viewer, cs.ctx);
  const ids = head.problems.map((p) => p.displayId);
  const columns = [
    t("exports:column.rank"),
    t("exports:column.username"),
    t("exports:column.name"),
    ...(real ? [t("exports:column.realname")] : []),
    t("exports:column.school"),
    oi ? t("exports:column.totalScore") : t("exports:column.solved"),
    oi ? t("exports:column.totalTime") : t("exports:column.penalty"),
    t("exports:column.award"),
    ...ids,
  ];
  const body = rows.map((r): Cell[] => {
    const info = r.submissionInfo as Record<string, unknown>;
    const cells = ids.map((id): Cell => {
      const v = info[id];
      if (v === undefined) return null;
      return typeof v === "number" ? v : acmCellText(v as AcmCell);
    });
    return [
      r.rank === -1 ? t("exports:cell.star") : r.rank,
      r.username,
      r.showName,
      ...(real ? [r.realname || null] : []),
      r.school || null,
      "totalScore" in r ? r.totalScore : r.ac,
      oi ? r.totalTime : hms(r.totalTime),
      r.awardName ?? null,
      ...cells,
    ];
  });
  const seal = cs.contest.sealRankTime;
  const note = head.view === "sealed" && seal ? t("exports:sealed", { time: seal.toISOString().replace("T", " ").slice(0, 19) + " UTC" }) : undefined;
  return { sheet: t("exports:sheet.board"), columns, rows: body, note };
}

/** HOJ's ACM cell: "+(1)" first try, "-(n)" accepted on try n, "-(e+t)", "-(e)", "?(t)" not yet. */
function hojAcmCell(c: AcmCell): string {
  if (c.isAC) return c.errorNum === 0 ? "+(1)" : `-(${c.errorNum + 1})`;
  const tries = c.tryNum ?? 0;
  if (tries !== 0 && c.errorNum !== 0) return `-(${c.errorNum}+${tries})`;
  if (c.errorNum !== 0) return `-(${c.errorNum})`;
  if (tries !== 0) return `?(${tries})`;
  return "";
}

/**
 * HOJ's download-contest-rank (FileEntityService): contest admins only; the sealed board unless
 * `forceRefresh` asks for the live one (HOJ's isSealRank); sheet "rank"; columns Rank, Username,
 * ShowName (by the contest's rankShowName), Real Name, School, then AC, Total Submission, Total
 * Penalty Time (ACM) or Total Score (OI), then one column per display id in ascending order.
 */
export async function hojRankTable(cs: ContestScope, q: BoardExportQuery & { forceRefresh: boolean }): Promise<Table> {
  requireContestAdmin(cs);
  const view: BoardView | undefined = !q.forceRefresh && cs.standing.sealed ? "sealed" : undefined;
  const { head, rows } = await wholeBoard(cs, q, view);
  const acm = cs.rule.scoring !== "oi";
  const ids = head.problems.map((p) => p.displayId).sort();
  const show = cs.contest.rankShowName;
  const columns = ["Rank", "Username", "ShowName", "Real Name", "School", ...(acm ? ["AC", "Total Submission", "Total Penalty Time"] : ["Total Score"]), ...ids];
  const body = rows.map((r): Cell[] => {
    const info = r.submissionInfo as Record<string, unknown>;
    const showName = show === "username" ? r.username : show === "realname" ? r.realname : show === "nickname" ? r.nickname : "";
    const lead: Cell[] = [r.rank === -1 ? "*" : String(r.rank), r.username, showName, r.realname, r.school];
    if ("totalScore" in r) return [...lead, r.totalScore, ...ids.map((id) => (typeof info[id] === "number" ? (info[id] as number) : ""))];
    return [...lead, r.ac, r.total, r.totalTime, ...ids.map((id) => (info[id] === undefined ? "" : hojAcmCell(info[id] as AcmCell)))];
  });
  return { sheet: "rank", columns, rows: body };
}
