import { useEffect, useMemo, useState } from "react";
import { withBase } from "~/lib/base-path";
import { POLL, RUNNING_STATUSES } from "~/lib/constants";
import { apiFetch } from "~/lib/api-fetch";

// Following submissions while they are judged, in the browser. Lists poll
// /ojapi/check-submissions-status with all their running rows in one call, every 2 s and at most
// 30 times (spec sections 4 and 9); a failed poll stops polling (spec section 8). One submission
// (the problem page's banner, the detail page) listens to the server's event stream
// /submission-events/:id instead, and falls back to the same polling when the stream fails.

/** What a live update carries (a list row of check-submissions-status, or a stream event). */
export interface LiveStatus {
  submitId: number;
  status: number;
  score: number;
  time: number;
  memory: number;
  judger?: string;
}

export type FollowEnd = "final" | "limit" | "failed";

const isRunning = (s: LiveStatus) => RUNNING_STATUSES.has(s.status);

/** One call for many submissions; null when it failed. */
async function checkStatuses(ids: readonly number[], signal: AbortSignal): Promise<Record<string, LiveStatus> | null> {
  try {
    const res = await apiFetch("/ojapi/check-submissions-status", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ submitIds: ids }),
      signal,
    });
    const body = (await res.json()) as { status: number; data: Record<string, LiveStatus> | null };
    return body.status === 200 && body.data ? body.data : null;
  } catch {
    return null;
  }
}

/**
 * Polls running submissions: `onRows` gets each answer; polling ends when none of them runs any
 * more, after the last allowed try, or on a failed call (`onEnd` says which). Returns the stop.
 */
export function pollStatuses(
  ids: readonly number[],
  onRows: (rows: Record<string, LiveStatus>) => void,
  onEnd?: (why: FollowEnd) => void,
  maxTries: number = POLL.submissionMaxTries,
): () => void {
  const abort = new AbortController();
  let waiting = new Set(ids);
  let tries = 0;
  let timer: number | undefined;
  const tick = async () => {
    tries++;
    const rows = await checkStatuses([...waiting], abort.signal);
    if (abort.signal.aborted) return;
    // An id left out is one the viewer may not follow: nothing more will come for it.
    if (!rows || !Object.keys(rows).length) return onEnd?.("failed");
    onRows(rows);
    waiting = new Set([...waiting].filter((id) => rows[id] && isRunning(rows[id])));
    if (waiting.size === 0) return onEnd?.("final");
    if (tries >= maxTries) return onEnd?.("limit");
    timer = window.setTimeout(() => void tick(), POLL.submissionMs);
  };
  if (waiting.size) timer = window.setTimeout(() => void tick(), POLL.submissionMs);
  return () => {
    abort.abort();
    window.clearTimeout(timer);
  };
}

/**
 * Follows one submission until its verdict: the event stream where the browser has one, else (or
 * when the stream fails) polling. `onStatus` gets every change. Returns the stop.
 */
export function followSubmission(submitId: number, onStatus: (s: LiveStatus) => void, onEnd?: (why: FollowEnd) => void): () => void {
  let stopPolling: (() => void) | null = null;
  const poll = (tries: number) => {
    stopPolling = pollStatuses([submitId], (rows) => rows[submitId] && onStatus(rows[submitId]), onEnd, tries);
  };
  if (typeof EventSource === "undefined") {
    poll(POLL.submissionMaxTries);
    return () => stopPolling?.();
  }
  const source = new EventSource(withBase(`/submission-events/${submitId}`));
  let done = false;
  const finish = () => {
    done = true;
    source.close();
  };
  source.addEventListener("status", (e) => {
    const s = JSON.parse((e as MessageEvent<string>).data) as LiveStatus & { final: boolean };
    onStatus(s);
    if (s.final) {
      finish();
      onEnd?.("final");
    }
  });
  source.addEventListener("end", finish);
  source.onerror = () => {
    if (done) return;
    // The stream broke (a proxy that buffers, the server restarting): poll instead.
    finish();
    poll(POLL.submissionMaxTries);
  };
  return () => {
    finish();
    stopPolling?.();
  };
}

/**
 * The live state of a list page's rows: the running ones are polled together, and their latest
 * values are returned by id (rows not followed are absent). A new page starts over.
 */
export function useLiveRows(rows: ReadonlyArray<{ submitId: number; status: number }>): Record<string, LiveStatus> {
  const [live, setLive] = useState<Record<string, LiveStatus>>({});
  const running = useMemo(() => rows.filter((r) => RUNNING_STATUSES.has(r.status)).map((r) => r.submitId), [rows]);
  const key = running.join(",");
  useEffect(() => {
    setLive({});
    if (!running.length) return;
    return pollStatuses(running, (update) => setLive((prev) => ({ ...prev, ...update })));
    // `key` names the same set as `running`; a new array with the same ids must not restart polling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return live;
}
