import { Form, Link, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { followSubmission } from "~/components/submission/live";
import { StatusTag, statusColorClass } from "~/components/submission/StatusTag";
import { JudgeStatus, RUNNING_STATUSES } from "~/lib/constants";
import { formatDateTime, formatLength, formatMemory, formatTimeMs, runFigures } from "~/lib/format";
import type { SubmissionDetailData } from "~/http/submission-detail.server";

// One submission's detail (spec section 2 "Submissions"): status banner, info table, case or
// subtask panels, code, share and resubmit. The bank's /submission-detail/{id} and the contest's
// /contest/{cid}/problem/{displayId}/submission-detail/{id} show it; the page says where the
// problem and the refresh link lead (the contest's addresses inside a contest).

/** Statuses whose message is shown in a pre block (spec section 2). */
const MESSAGE_STATUSES: ReadonlySet<number> = new Set([JudgeStatus.COMPILE_ERROR, JudgeStatus.SYSTEM_ERROR, JudgeStatus.SUBMITTED_FAILED]);

export interface SubmissionDetailLinks {
  /** This page (the refresh link while judging). */
  self: string;
  /** The problem's page. */
  problem: string;
  /** The problem's id as shown (the contest's display id inside a contest). */
  problemLabel: string;
}

/**
 * While judging, the banner follows the submission's progress live (the event stream, or polling
 * at most 30 times) and the page reloads its data once, when the verdict is in, so the verdict
 * shows together with its cases and messages; without JavaScript a refresh link does it.
 */
function useLiveStatus(submitId: number, status: number): number {
  const { revalidate } = useRevalidator();
  const [live, setLive] = useState(status);
  useEffect(() => setLive(status), [status]);
  const running = RUNNING_STATUSES.has(status);
  useEffect(() => {
    if (!running) return;
    return followSubmission(
      submitId,
      (s) => RUNNING_STATUSES.has(s.status) && setLive(s.status),
      (why) => why === "final" && revalidate(),
    );
  }, [submitId, running, revalidate]);
  return live;
}

export function SubmissionDetailView({ data, links }: { data: SubmissionDetailData; links: SubmissionDetailLinks }) {
  const { submission: s, problemTitle, codeHtml, cases, rights } = data;
  const shareToggle = s.share ? rights.canUnshare : rights.canShare;
  const { t } = useTranslation(["submission", "judge"]);
  const status = useLiveStatus(s.submitId, s.status);
  const running = RUNNING_STATUSES.has(status);

  return (
    <div className="mx-auto max-w-6xl space-y-4 p-2 sm:p-4" data-testid="submission-detail">
      <section className={`rounded border p-4 ${statusColorClass(status)}`} data-testid="detail-banner" data-status={status}>
        <div className="flex flex-wrap items-center gap-3">
          <span className="text-2xl font-semibold">{t(`judge:status.${status}`)}</span>
          {running ? (
            <Link to={links.self} className="rounded border border-current px-2 text-sm" data-testid="detail-refresh">
              {t("detail.refresh")}
            </Link>
          ) : null}
          {s.score ? <span className="text-lg">{t("detail.score", { score: s.score })}</span> : null}
        </div>
        {s.errorMessage && MESSAGE_STATUSES.has(s.status) ? (
          <pre tabIndex={0} className="mt-3 max-h-80 overflow-auto whitespace-pre-wrap rounded bg-white/70 p-2 text-xs text-gray-800" data-testid="error-message">
            {s.errorMessage}
          </pre>
        ) : null}
      </section>

      <section className="overflow-x-auto rounded bg-white p-3 shadow-sm focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
        <table className="w-full text-left text-sm" data-testid="detail-info">
          <thead className="border-b text-xs text-gray-600">
            <tr>
              <th className="py-2 pr-2">{t("columns.runId")}</th>
              <th className="py-2 pr-2">{t("columns.problem")}</th>
              <th className="py-2 pr-2">{t("columns.author")}</th>
              <th className="py-2 pr-2">{t("columns.language")}</th>
              <th className="py-2 pr-2">{t("columns.time")}</th>
              <th className="py-2 pr-2">{t("columns.memory")}</th>
              <th className="py-2 pr-2">{t("columns.length")}</th>
              <th className="py-2 pr-2">{t("columns.submitTime")}</th>
              <th className="py-2 pr-2">{t("columns.judger")}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td className="py-2 pr-2 font-mono">{s.submitId}</td>
              <td className="py-2 pr-2">
                <Link to={links.problem}>
                  {links.problemLabel} {problemTitle}
                </Link>
              </td>
              <td className="py-2 pr-2">{s.username}</td>
              <td className="py-2 pr-2">{s.language}</td>
              <td className="py-2 pr-2 tabular-nums">{runFigures(s).time}</td>
              <td className="py-2 pr-2 tabular-nums">{runFigures(s).memory}</td>
              <td className="py-2 pr-2 tabular-nums">{formatLength(s.length)}</td>
              <td className="py-2 pr-2">
                <time dateTime={String(s.submitTime)} suppressHydrationWarning>
                  {formatDateTime(s.submitTime)}
                </time>
              </td>
              <td className="py-2 pr-2">{s.judger || "-"}</td>
            </tr>
          </tbody>
        </table>
      </section>

      {cases && (cases.judgeCaseList?.length || cases.subTaskJudgeCaseVoList?.length) ? <CasePanel cases={cases} /> : null}

      <section className="rounded bg-white p-3 shadow-sm">
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <h2 className="font-semibold">{t("detail.code")}</h2>
          {shareToggle ? (
            <Form method="post" className="ml-auto">
              <input type="hidden" name="intent" value={s.share ? "unshare" : "share"} />
              <button type="submit" className="rounded border px-3 py-1 text-sm" data-testid="share-toggle">
                {s.share ? t("detail.unshare") : t("detail.share")}
              </button>
            </Form>
          ) : null}
          {rights.canResubmit ? (
            <Form method="post" className={shareToggle ? "" : "ml-auto"}>
              <input type="hidden" name="intent" value="resubmit" />
              <button type="submit" className="rounded border border-brand px-3 py-1 text-sm text-brand" data-testid="resubmit">
                {t("detail.resubmit")}
              </button>
            </Form>
          ) : null}
        </div>
        {codeHtml !== null ? (
          <pre tabIndex={0} className={`language-${s.language.replace(/[^\w]/g, "")} max-h-[70vh] overflow-auto rounded text-sm`} data-testid="code">
            <code dangerouslySetInnerHTML={{ __html: codeHtml }} />
          </pre>
        ) : (
          <p className="text-sm text-gray-600" data-testid="code-hidden">
            {t("detail.codeHidden")}
          </p>
        )}
      </section>
    </div>
  );
}

type Cases = NonNullable<SubmissionDetailData["cases"]>;

function CaseCard({ c, label }: { c: { status: number; time: number; memory: number; score: number | null }; label: string }) {
  const { t } = useTranslation(["submission", "judge"]);
  return (
    <li className={`rounded border p-2 text-xs ${statusColorClass(c.status)}`} data-case-status={c.status}>
      <div className="font-semibold">{label}</div>
      <div>{t(`judge:status.${c.status}`)}</div>
      <div className="tabular-nums">
        {formatTimeMs(c.time)} · {formatMemory(c.memory)}
      </div>
      {c.score ? <div>{t("detail.score", { score: c.score })}</div> : null}
    </li>
  );
}

function CasePanel({ cases }: { cases: Cases }) {
  const { t } = useTranslation("submission");
  return (
    <section className="rounded bg-white p-3 shadow-sm" data-testid="case-results">
      <h2 className="mb-2 font-semibold">{t("detail.cases")}</h2>
      {cases.subTaskJudgeCaseVoList ? (
        <div className="space-y-3">
          {cases.subTaskJudgeCaseVoList.map((g) => (
            <div key={g.groupNum} data-testid="subtask">
              <div className="mb-1 flex flex-wrap items-center gap-2 text-sm">
                <span className="font-semibold">{t("detail.subtask", { n: g.groupNum })}</span>
                <StatusTag status={g.status} />
                <span className="text-gray-600">
                  {t("detail.subtaskSummary", { ac: g.ac, total: g.total, score: g.score })}
                </span>
              </div>
              <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 md:grid-cols-6">
                {g.subtaskDetailList.map((c) => (
                  <CaseCard key={c.caseId} c={c} label={t("detail.case", { n: c.caseId })} />
                ))}
              </ul>
            </div>
          ))}
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 md:grid-cols-6">
          {(cases.judgeCaseList ?? []).map((c) => (
            <CaseCard key={c.caseId} c={c} label={t("detail.case", { n: c.caseId })} />
          ))}
        </ul>
      )}
    </section>
  );
}
