import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { runFigures, shownScore } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { StatusTag } from "./StatusTag";

// The records table of a contest, a training and a group (the site's status list has its own, with
// live rows): run id to the submission's page, time, problem to its page in the same frame, the
// verdict with a partial score, time, memory, language and author. Each frame gives the links.

export interface RecordRow {
  submitId: number;
  submitTime: string;
  status: number;
  score?: number | null;
  time: number | null;
  memory: number | null;
  language: string;
  username: string;
}

export function RecordsTable<R extends RecordRow>({
  rows,
  problemHeader,
  problemOf,
  detailHref,
  problemHref,
  rowTestId,
  authorLinked = false,
  timeNote,
}: {
  rows: R[];
  problemHeader: string;
  problemOf: (r: R) => string;
  detailHref: (r: R) => string;
  problemHref: (r: R) => string;
  rowTestId: string;
  /** The author's name links to their home. */
  authorLinked?: boolean;
  /** A mark after the submit time (a contest's submission before it started). */
  timeNote?: (r: R) => ReactNode;
}) {
  const { t } = useTranslation("submission");
  return (
    <>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b text-left text-gray-700">
            <th className="px-2 py-2">{t("columns.runId")}</th>
            <th className="px-2 py-2">{t("columns.submitTime")}</th>
            <th className="px-2 py-2">{problemHeader}</th>
            <th className="px-2 py-2">{t("columns.status")}</th>
            <th className="px-2 py-2">{t("columns.time")}</th>
            <th className="px-2 py-2">{t("columns.memory")}</th>
            <th className="px-2 py-2">{t("columns.language")}</th>
            <th className="px-2 py-2">{t("columns.author")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.submitId} className="border-b" data-testid={rowTestId} data-status={r.status}>
              <td className="px-2 py-1">
                <Link to={detailHref(r)} className="text-blue-700 underline">
                  {r.submitId}
                </Link>
              </td>
              <td className="whitespace-nowrap px-2 py-1">
                {r.submitTime}
                {timeNote?.(r)}
              </td>
              <td className="px-2 py-1">
                <Link to={problemHref(r)} className="text-blue-700 underline">
                  {problemOf(r)}
                </Link>
              </td>
              <td className="px-2 py-1">
                <StatusTag status={r.status} />
                {shownScore(r) !== null ? <span className="ml-1 text-xs">{shownScore(r)}</span> : null}
              </td>
              <td className="px-2 py-1" data-testid="record-time">{runFigures(r).time}</td>
              <td className="px-2 py-1" data-testid="record-memory">{runFigures(r).memory}</td>
              <td className="px-2 py-1">{r.language}</td>
              <td className="px-2 py-1">
                {authorLinked ? (
                  <Link to={`/user-home?username=${encodeURIComponent(r.username)}`} className="text-blue-700 underline">
                    {r.username}
                  </Link>
                ) : (
                  r.username
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? <p className="py-4 text-center text-gray-700">{t("empty")}</p> : null}
    </>
  );
}
