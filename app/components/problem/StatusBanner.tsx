import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { StatusTag } from "~/components/submission/StatusTag";
import { followSubmission, type LiveStatus } from "~/components/submission/live";
import { JudgeStatus, RUNNING_STATUSES } from "~/lib/constants";
import { formatMemory, formatTimeMs } from "~/lib/format";

// Follows a fresh submission until its verdict (the server's event stream, or polling every 2 s at
// most 30 times; see components/submission/live.ts) and celebrates an Accepted with a little
// confetti, loaded only then.

async function celebrate() {
  try {
    const confetti = (await import("canvas-confetti")).default;
    await confetti({ particleCount: 80, spread: 70, origin: { y: 0.7 }, disableForReducedMotion: true });
  } catch {
    // A celebration that cannot load changes nothing.
  }
}

export function StatusBanner({ submitId, detailHref, onFinal }: { submitId: number; detailHref?: string; onFinal?: (status: number) => void }) {
  const { t } = useTranslation(["problem", "judge"]);
  const [live, setLive] = useState<LiveStatus | null>(null);
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    setLive(null);
    setGaveUp(false);
    let last: LiveStatus | null = null;
    return followSubmission(
      submitId,
      (s) => {
        last = s;
        setLive(s);
      },
      (why) => {
        if (why !== "final" || !last) return setGaveUp(true);
        onFinal?.(last.status);
        if (last.status === JudgeStatus.ACCEPTED) void celebrate();
      },
    );
    // onFinal is a notification only; following again when it changes would be wrong.
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
      {gaveUp && running ? <span className="text-gray-600">{t("problem:banner.noResultYet")}</span> : null}
      <Link to={detailHref ?? `/submission-detail/${submitId}`} className="ml-auto">
        {t("problem:banner.details")}
      </Link>
    </div>
  );
}
