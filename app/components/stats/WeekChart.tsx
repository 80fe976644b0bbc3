import { useTranslation } from "~/lib/translation";

// Last week's submissions as bars drawn on the server (SVG: no script needed), with the same
// figures in a table under it for screen readers and for reading exact numbers.

const W = 360;
const H = 170;
const PAD = { left: 34, right: 8, top: 10, bottom: 24 };

export function WeekChart({ dates, ac, total }: { dates: string[]; ac: number[]; total: number[] }) {
  const { t } = useTranslation("home");
  const max = Math.max(1, ...total, ...ac);
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const group = plotW / Math.max(1, dates.length);
  const bar = Math.min(16, group / 3);
  const yOf = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  return (
    <div>
      <svg viewBox={`0 0 ${W} ${H}`} className="mx-auto h-auto w-full max-w-md" role="img" aria-labelledby="week-chart-desc" data-week-chart>
        <desc id="week-chart-desc">{t("stats.chartSummary")}</desc>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={PAD.left} x2={W - PAD.right} y1={yOf(v)} y2={yOf(v)} stroke="#e5e7eb" />
            <text x={PAD.left - 4} y={yOf(v) + 4} textAnchor="end" fontSize="12" fill="#374151">
              {v}
            </text>
          </g>
        ))}
        {dates.map((d, i) => {
          const x = PAD.left + i * group + group / 2;
          return (
            <g key={d}>
              <rect x={x - bar - 1} y={yOf(total[i])} width={bar} height={yOf(0) - yOf(total[i])} fill="#2563eb">
                <title>{`${d} ${t("stats.total")}: ${total[i]}`}</title>
              </rect>
              <rect x={x + 1} y={yOf(ac[i])} width={bar} height={yOf(0) - yOf(ac[i])} fill="#16a34a">
                <title>{`${d} ${t("stats.ac")}: ${ac[i]}`}</title>
              </rect>
              <text x={x} y={H - 8} textAnchor="middle" fontSize="12" fill="#374151">
                {d}
              </text>
            </g>
          );
        })}
      </svg>
      <div className="mt-1 flex gap-4 text-xs text-gray-700" aria-hidden="true">
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-2.5 w-2.5 bg-blue-600" />
          {t("stats.total")}
        </span>
        <span className="inline-flex items-center gap-1">
          <span className="inline-block h-2.5 w-2.5 bg-green-600" />
          {t("stats.ac")}
        </span>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-gray-700">{t("stats.asTable")}</summary>
        <div className="overflow-x-auto" tabIndex={0}>
          <table className="mt-2 w-full text-left text-sm" data-week-table>
            <thead className="text-gray-700">
              <tr>
                <th scope="col" className="py-1 pr-2 font-medium">
                  {t("stats.date")}
                </th>
                <th scope="col" className="py-1 pr-2 font-medium">
                  {t("stats.total")}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {t("stats.ac")}
                </th>
              </tr>
            </thead>
            <tbody>
              {dates.map((d, i) => (
                <tr key={d} className="border-t">
                  <td className="py-1 pr-2">{d}</td>
                  <td className="py-1 pr-2">{total[i]}</td>
                  <td className="py-1">{ac[i]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

function niceStep(max: number): number {
  const raw = max / 4;
  const pow = 10 ** Math.floor(Math.log10(raw || 1));
  for (const m of [1, 2, 5, 10]) if (m * pow >= raw) return Math.max(1, m * pow);
  return Math.max(1, 10 * pow);
}
