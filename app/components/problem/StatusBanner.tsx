import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { StatusTag } from "~/components/submission/StatusTag";
import { withBase } from "~/lib/base-path";
import { JudgeStatus, POLL, RUNNING_STATUSES } from "~/lib/constants";
import { formatMemory, formatTimeMs } from "~/lib/format";

// Follows a fresh submission (spec sections 4 and 9: every 2 s, at most 30 times) and celebrates an
// Accepted with a little confetti, loaded only then.

interface Live {
  submitId: number;
  status: number;
  time: number;
  memory: number;
  score: number;
}

async function celebrate() {
  try {
    const confetti = (await import("canvas-confetti")).default;
    await confetti({ particleCount: 80, spread: 70, origin: { y: 0.7 }, disableForReducedMotion: true });
  } catch {
    // A celebration that cannot load changes nothing.
  }
}

export function StatusBanner({ submitId, onFinal }: { submitId: number; onFinal?: (status: number) => void }) {
  const { t } = useTranslation(["problem", "judge"]);
  const [live, setLive] = useState<Live | null>(null);
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    let tries = 0;
    let timer: number | undefined;
    let stopped = false;
    setLive(null);
    setGaveUp(false);
    const tick = async () => {
      tries++;
      try {
        const res = await fetch(withBase(`/ojapi/get-submission-detail?submitId=${submitId}`), { headers: { Accept: "application/json" } });
        const body = (await res.json()) as { status: number; data: { submission: Live } | null };
        if (stopped) return;
        // A failed poll stops polling (spec section 8).
        if (body.status !== 200 || !body.data) return setGaveUp(true);
        const s = body.data.submission;
        setLive(s);
        if (!RUNNING_STATUSES.has(s.status)) {
          onFinal?.(s.status);
          if (s.status === JudgeStatus.ACCEPTED) void celebrate();
          return;
        }
      } catch {
        if (!stopped) setGaveUp(true);
        return;
      }
      if (tries < POLL.submissionMaxTries) timer = window.setTimeout(tick, POLL.submissionMs);
      else setGaveUp(true);
    };
    void tick();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
    // onFinal is a notification only; restarting the poll when it changes would be wrong.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitId]);

  const running = !live || RUNNING_STATUSES.has(live.status);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 rounded border bg-gray-50 px-3 py-2 text-sm" role="status" aria-live="polite" data-testid="status-banner">
      <span>{t("problem:banner.submitted")}</span>
      <StatusTag status={live?.status ?? JudgeStatus.PENDING} />
      {!running && live ? (
        <span className="text-gray-600">
          {formatTimeMs(live.time)} · {formatMemory(live.memory)}
        </span>
      ) : null}
      {gaveUp && running ? <span className="text-gray-500">{t("problem:banner.noResultYet")}</span> : null}
      <Link to={`/submission-detail/${submitId}`} className="ml-auto">
        {t("problem:banner.details")}
      </Link>
    </div>
  );
}
