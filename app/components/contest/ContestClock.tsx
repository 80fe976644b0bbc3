import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { clockText, countdownAt, phaseAt, progressAt, type ContestTimes } from "~/lib/contest-clock";

// The contest clock: set from the server's time when the page was rendered, advanced each second in
// the browser (spec section 4). Without JavaScript the server's moment stays on the page.

/** Milliseconds now on the server's clock, advancing each second once hydrated. */
export function useServerClock(serverNow: string | number): number {
  const [offset] = useState(() => new Date(serverNow).getTime() - Date.now());
  const [now, setNow] = useState(() => new Date(serverNow).getTime());
  useEffect(() => {
    const tick = () => setNow(Date.now() + offset);
    tick();
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [offset]);
  return now;
}

export function StatusTag({ contest, now }: { contest: ContestTimes; now: number }) {
  const { t } = useTranslation("contest-page");
  const phase = phaseAt(contest, now);
  const cls = phase === -1 ? "border-amber-700 text-amber-800" : phase === 0 ? "border-green-700 text-green-800" : "border-gray-600 text-gray-700";
  return (
    <span className={`inline-block rounded border px-2 py-0.5 text-xs font-medium ${cls}`} data-testid="contest-status">
      {t(`status.${phase}`)}
    </span>
  );
}

export function Countdown({ contest, now }: { contest: ContestTimes; now: number }) {
  const { t } = useTranslation("contest-page");
  const c = countdownAt(contest, now);
  const span = clockText(c.seconds, (n) => t("clock.days", { count: n }));
  const text =
    c.key === "ended" ? t("clock.ended") : c.key === "startsInWeeks" ? t("clock.startsInWeeks", { count: c.weeks }) : t(`clock.${c.key}`, { time: span });
  return (
    <span className="tabular-nums" data-testid="contest-countdown">
      {text}
    </span>
  );
}

export function ProgressBar({ contest, now, label }: { contest: ContestTimes; now: number; label: string }) {
  const pct = progressAt(contest, now);
  const phase = phaseAt(contest, now);
  const bar = phase === 1 ? "bg-gray-500" : "bg-green-700";
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} className="h-2 w-full overflow-hidden rounded bg-gray-200">
      <div className={`h-full ${bar}`} style={{ width: `${pct}%` }} />
    </div>
  );
}
