import { heatBucket } from "~/lib/calendar";
import { useTranslation } from "~/lib/translation";

// A submission heat map as an SVG drawn on the server: one column per week (Sunday on top), one
// square per day, five colours by the spec's buckets (0-3, 4-6, 7-9, 10-12, above 12). Each day
// names its count in a <title>; the legend below says what the colours mean.

export const HEAT_COLORS = ["#ebedf0", "#9be9a8", "#40c463", "#30a14e", "#216e39"];
const BUCKET_LABELS = ["0-3", "4-6", "7-9", "10-12", ">12"];
const CELL = 11;
const GAP = 2;

export function Heatmap({ days, label, id }: { days: Array<{ date: string; count: number }>; label: string; id: string }) {
  const { t } = useTranslation("home");
  if (days.length === 0) return null;
  const [y, m, d] = days[0].date.split("-").map(Number);
  const firstWeekday = new Date(y, m - 1, d).getDay();
  const weeks = Math.ceil((firstWeekday + days.length) / 7);
  const width = weeks * (CELL + GAP);
  const height = 7 * (CELL + GAP);
  const total = days.reduce((s, x) => s + x.count, 0);
  return (
    <figure className="max-w-full" data-heatmap={id}>
      <div className="overflow-x-auto" tabIndex={0} role="group" aria-label={label}>
        <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-desc`}>
          <desc id={`${id}-desc`}>{t("heatmap.summary", { total, days: days.length })}</desc>
          {days.map((day, i) => {
            const slot = firstWeekday + i;
            const bucket = heatBucket(day.count);
            return (
              <rect
                key={day.date}
                x={Math.floor(slot / 7) * (CELL + GAP)}
                y={(slot % 7) * (CELL + GAP)}
                width={CELL}
                height={CELL}
                rx={2}
                fill={HEAT_COLORS[bucket]}
                data-date={day.date}
                data-count={day.count}
                data-bucket={bucket}
              >
                <title>{t("heatmap.day", { date: day.date, count: day.count })}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <figcaption className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-700">
        <span>{t("heatmap.legend")}</span>
        {HEAT_COLORS.map((c, i) => (
          <span key={c} className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-sm border border-gray-300" style={{ backgroundColor: c }} />
            {BUCKET_LABELS[i]}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
