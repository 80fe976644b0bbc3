import { Link } from "@remix-run/react";
import { acRate } from "~/lib/rank";
import { useTranslation } from "~/lib/translation";
import { Avatar } from "./Avatar";
import { TitleChip } from "./TitleChip";

// The rows of /acm-rank and /oi-rank: place, user (avatar, name, nickname, title), then the
// rule's figures.

export interface RankRowView {
  rank: number;
  uid: string;
  username: string;
  nickname: string;
  signature: string;
  avatar: string;
  titleName: string | null;
  titleColor: string | null;
  ac: number;
  total: number;
  score: number;
  /** A group's homework trainings: solves by their due times and after (the group's rank). */
  homeworkOnTime?: number;
  homeworkLate?: number;
}

export function UserCell({ row }: { row: Pick<RankRowView, "username" | "nickname" | "avatar" | "titleName" | "titleColor"> }) {
  return (
    <div className="flex items-center gap-2">
      <Avatar src={row.avatar} name={row.username} />
      <div className="min-w-0">
        <Link to={`/user-home?username=${encodeURIComponent(row.username)}`} className="font-medium text-brand underline">
          {row.username}
        </Link>{" "}
        <TitleChip name={row.titleName} color={row.titleColor} />
        {row.nickname ? <div className="truncate text-xs text-gray-600">{row.nickname}</div> : null}
      </div>
    </div>
  );
}

export function RankTable({ rows, kind, homework = false }: { rows: RankRowView[]; kind: "acm" | "oi"; homework?: boolean }) {
  const { t } = useTranslation("home");
  if (rows.length === 0) return <p className="py-6 text-center text-gray-600">{t("rank.empty")}</p>;
  const th = "px-2 py-2 font-medium sm:px-3";
  return (
    <div className="overflow-x-auto" tabIndex={0}>
      <table className="w-full text-left text-sm" data-rank-table={kind}>
        <thead className="border-b bg-gray-50 text-gray-700">
          <tr>
            <th scope="col" className={`${th} w-16`}>
              {t("rank.place")}
            </th>
            <th scope="col" className={th}>
              {t("rank.user")}
            </th>
            <th scope="col" className={`${th} hidden md:table-cell`}>
              {t("rank.signature")}
            </th>
            {kind === "oi" ? (
              <th scope="col" className={th}>
                {t("rank.score")}
              </th>
            ) : null}
            <th scope="col" className={th}>
              {t("rank.solved")}
            </th>
            <th scope="col" className={th}>
              {t("rank.submissions")}
            </th>
            <th scope="col" className={th}>
              {t("rank.acRate")}
            </th>
            {homework ? (
              <>
                <th scope="col" className={th}>
                  {t("rank.homeworkOnTime")}
                </th>
                <th scope="col" className={th}>
                  {t("rank.homeworkLate")}
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((r) => (
            <tr key={r.uid} data-rank-row={r.username}>
              <td className="px-3 py-2 font-semibold text-gray-800">{r.rank}</td>
              <td className="px-3 py-2">
                <UserCell row={r} />
              </td>
              <td className="hidden max-w-xs truncate px-3 py-2 text-gray-700 md:table-cell">{r.signature}</td>
              {kind === "oi" ? <td className="px-3 py-2 font-semibold text-gray-800">{r.score}</td> : null}
              <td className="px-3 py-2">{r.ac}</td>
              <td className="px-3 py-2">{r.total}</td>
              <td className="px-3 py-2">{acRate(r.ac, r.total)}%</td>
              {homework ? (
                <>
                  <td className="px-3 py-2" data-testid="rank-homework-on-time">{r.homeworkOnTime ?? 0}</td>
                  <td className="px-3 py-2" data-testid="rank-homework-late">{r.homeworkLate ?? 0}</td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
