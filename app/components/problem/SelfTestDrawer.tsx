import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { StatusTag } from "~/components/submission/StatusTag";
import { LIMITS, POLL, RUNNING_STATUSES } from "~/lib/constants";
import { formatMemory, formatTimeMs } from "~/lib/format";
import type { TestJudgeResult } from "~/lib/judge-protocol";
import { apiFetch } from "~/lib/api-fetch";

// The online self-test: runs the editor's code on the learner's own input through
// POST /ojapi/submit-problem-test-judge, then polls GET /ojapi/get-test-judge-result every second
// until the result is no longer pending (spec sections 4 and 9).

/** The judge's result, or only a status while it is pending. */
type TestResult = Pick<TestJudgeResult, "status"> & Partial<TestJudgeResult>;

interface ApiBody<T> {
  status: number;
  msg: string;
  data: T | null;
}

export function SelfTestDrawer({
  pid,
  language,
  getCode,
  initialInput,
  initialOutput,
  onClose,
  cid,
  gid,
}: {
  /** A contest's problem page tests in its contest. */
  cid?: number;
  /** A group's problem page tests in its group. */
  gid?: number;
  pid: number;
  language: string;
  getCode: () => string;
  initialInput: string;
  initialOutput: string;
  onClose: () => void;
}) {
  const { t } = useTranslation("problem");
  const [input, setInput] = useState(initialInput.slice(0, LIMITS.testInputMax));
  const [expected, setExpected] = useState(initialOutput);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState("");
  const [result, setResult] = useState<TestResult | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const poll = (key: string) => {
    const tick = async () => {
      try {
        const res = await apiFetch(`/ojapi/get-test-judge-result?testJudgeKey=${encodeURIComponent(key)}`);
        const body = (await res.json()) as ApiBody<TestResult>;
        if (body.status !== 200 || !body.data) {
          setError(body.msg || t("selfTest.failed"));
          setRunning(false);
          return;
        }
        setResult(body.data);
        if (RUNNING_STATUSES.has(body.data.status)) timer.current = window.setTimeout(tick, POLL.testJudgeMs);
        else setRunning(false);
      } catch {
        setError(t("selfTest.failed"));
        setRunning(false);
      }
    };
    timer.current = window.setTimeout(tick, POLL.testJudgeMs);
  };

  const run = async () => {
    const code = getCode();
    setError("");
    setResult(null);
    if (!code.trim()) return setError(t("judge:codeEmpty"));
    if (code.length > LIMITS.codeMax) return setError(t("judge:codeTooLong"));
    if (input.length > LIMITS.testInputMax) return setError(t("selfTest.inputTooLong", { max: LIMITS.testInputMax }));
    setRunning(true);
    try {
      const res = await apiFetch("/ojapi/submit-problem-test-judge", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          pid,
          language,
          code,
          type: cid ? "contest" : gid ? "group" : "public",
          cid: cid ?? 0,
          ...(gid ? { gid } : {}),
          userInput: input,
          expectedOutput: expected,
          mode: "default",
          isRemoteJudge: false,
        }),
      });
      const body = (await res.json().catch(() => ({ status: res.status, msg: "", data: null }))) as ApiBody<string>;
      if (body.status !== 200 || !body.data) {
        setError(body.msg || t("selfTest.failed"));
        setRunning(false);
        return;
      }
      poll(body.data);
    } catch {
      setError(t("selfTest.failed"));
      setRunning(false);
    }
  };

  return (
    <div className="fixed inset-x-0 bottom-0 z-40 max-h-[80vh] overflow-auto border-t bg-white p-4 shadow-2xl sm:inset-x-auto sm:right-0 sm:top-0 sm:max-h-none sm:w-[480px] sm:border-l" role="dialog" aria-label={t("selfTest.title")} data-testid="self-test">
      <div className="mb-3 flex items-center justify-between">
        <h2 className="font-semibold">{t("selfTest.title")}</h2>
        <button type="button" onClick={onClose} className="rounded border px-2 text-sm" aria-label={t("selfTest.close")}>
          ×
        </button>
      </div>
      <label className="block text-sm">
        {t("selfTest.input")} <span className="text-xs text-gray-600">({input.length}/{LIMITS.testInputMax})</span>
        <textarea
          value={input}
          maxLength={LIMITS.testInputMax}
          onChange={(e) => setInput(e.target.value)}
          rows={6}
          className="mt-1 w-full rounded border p-2 font-mono text-sm"
        />
      </label>
      <label className="mt-2 block text-sm">
        {t("selfTest.expected")}
        <textarea value={expected} onChange={(e) => setExpected(e.target.value)} rows={4} className="mt-1 w-full rounded border p-2 font-mono text-sm" />
      </label>
      <button type="button" onClick={run} disabled={running} className="mt-2 rounded bg-brand px-4 py-1 text-sm text-white disabled:opacity-60">
        {running ? t("selfTest.running") : t("selfTest.run")}
      </button>
      {error ? <p className="mt-2 text-sm text-red-600" role="alert">{error}</p> : null}
      {result ? (
        <div className="mt-3 space-y-2 text-sm" data-testid="self-test-result">
          <div className="flex items-center gap-2">
            <StatusTag status={result.status} />
            <span className="text-gray-600">
              {formatTimeMs(result.time)} · {formatMemory(result.memory)}
            </span>
          </div>
          {result.userOutput ? (
            <div>
              <div className="text-xs text-gray-600">{t("selfTest.output")}</div>
              <pre className="max-h-48 overflow-auto rounded bg-gray-50 p-2 text-xs">{result.userOutput}</pre>
            </div>
          ) : null}
          {result.stderr || result.errorMessage ? (
            <div>
              <div className="text-xs text-gray-600">{t("selfTest.stderr")}</div>
              <pre className="max-h-48 overflow-auto rounded bg-red-50 p-2 text-xs text-red-800">{result.errorMessage || result.stderr}</pre>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
