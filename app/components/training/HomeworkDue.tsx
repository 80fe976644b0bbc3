import { formatDateTime } from "~/lib/format-time";
import type { LateRule, TimeLeft } from "~/lib/homework";
import { useTranslation } from "~/lib/translation";

// A homework training's due time on its page: when it is due, how long is left (as of the
// request: the page says it without JavaScript) or that it is overdue, what a late solve earns,
// the hard end, and the viewer's own solves on time and late.

export interface HomeworkDueProps {
  dueAt: string;
  hardEndAt: string | null;
  late: LateRule;
  left: TimeLeft;
  mine: { onTime: number; late: number } | null;
}

function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {formatDateTime(iso)}
    </time>
  );
}

export function HomeworkDue({ dueAt, hardEndAt, late, left, mine }: HomeworkDueProps) {
  const { t } = useTranslation("training");
  const leftText = left.overdue
    ? t("homework.overdue")
    : t("homework.dueIn", {
        left:
          left.days > 0
            ? t("homework.left.days", { days: left.days, hours: left.hours })
            : left.hours > 0
              ? t("homework.left.hours", { hours: left.hours, minutes: left.minutes })
              : t("homework.left.minutes", { minutes: left.minutes }),
      });
  return (
    <div
      className={`mt-3 rounded border p-2 text-sm ${left.overdue ? "border-red-300 bg-red-50 text-red-950" : "border-blue-200 bg-blue-50 text-blue-950"}`}
      data-testid="homework-due"
      data-overdue={left.overdue ? "true" : "false"}
    >
      <p>
        <span className="font-semibold">{t("homework.dueLabel")}: </span>
        <When iso={dueAt} /> · <strong data-testid="homework-left">{leftText}</strong>
      </p>
      <p>
        {late.kind === "penalty"
          ? t("homework.rulePenalty", { penalty: late.penaltyPercent, period: t(`homework.period.${late.periodHours}`), floor: late.floorPercent })
          : t("homework.ruleNone")}
        {hardEndAt ? (
          <>
            {" "}
            {t("homework.hardEnd", { time: formatDateTime(hardEndAt) })}
          </>
        ) : null}
      </p>
      {mine ? <p data-testid="homework-mine">{t("homework.mine", { onTime: mine.onTime, late: mine.late })}</p> : null}
    </div>
  );
}
