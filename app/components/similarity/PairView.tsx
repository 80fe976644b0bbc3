import { Link } from "@remix-run/react";
import { formatDateTime } from "~/lib/format";
import { markLines, percent, regionsOf, type MarkedLine } from "~/lib/similarity";
import { useTranslation } from "~/lib/translation";
import type { SimilarityPairData } from "~/http/similarity-page.server";

// One pair of a similarity check side by side (stacked on narrow screens). Each shared fragment
// is marked the same way in both programs: underlined on a tinted ground, numbered in the margin of each
// line it covers, and listed with its line ranges, so nothing rests on colour alone.

type Pair = SimilarityPairData["pair"];
type Side = Pair["left"];

function Code({ side, lines, anchor, label }: { side: Side; lines: MarkedLine[] | null; anchor: string; label: string }) {
  const { t } = useTranslation("similarity");
  return (
    <section className="min-w-0 rounded bg-white p-3 shadow-sm" aria-labelledby={`${anchor}-title`} data-testid={`pair-side-${anchor}`}>
      <h3 id={`${anchor}-title`} className="text-base font-semibold">
        {label}: {side.username}
      </h3>
      <p className="text-xs text-gray-700">
        {t("pair.submission", { id: side.sid })} · {side.language} · {side.submitTime ? formatDateTime(side.submitTime) : ""}
      </p>
      {lines === null ? (
        <p className="mt-2 text-sm text-gray-800">{t("pair.codeGone")}</p>
      ) : (
        <div className="mt-2 max-h-[70vh] overflow-auto rounded border border-gray-300 focus:outline focus:outline-2 focus:outline-brand" tabIndex={0} aria-label={t("pair.codeOf", { name: side.username })}>
          <table className="w-full border-collapse font-mono text-xs leading-5" data-testid="pair-code">
            <tbody>
              {lines.map((l) => (
                <tr key={l.number} id={`${anchor}-L${l.number}`} data-fragments={l.fragments.join(" ")}>
                  <th scope="row" className="select-none border-r border-gray-300 bg-gray-50 px-2 text-right align-top font-normal text-gray-700">
                    <span className="sr-only">{t("pair.lineLabel", { n: l.number })}</span>
                    <span aria-hidden="true">{l.number}</span>
                  </th>
                  <td className="w-8 select-none border-r border-gray-300 px-1 align-top text-amber-900">
                    {l.fragments.length ? <span>{l.fragments.map((n) => t("pair.margin", { n })).join(",")}</span> : null}
                  </td>
                  <td className="whitespace-pre px-2 align-top text-gray-900">
                    {l.segments.map((s, i) =>
                      s.fragment === null ? (
                        <span key={i}>{s.text}</span>
                      ) : (
                        <mark key={i} className="bg-amber-100 text-gray-900 underline decoration-amber-800 decoration-2 underline-offset-2" data-fragment={s.fragment}>
                          {s.text}
                        </mark>
                      ),
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function PairView({ data }: { data: SimilarityPairData }) {
  const { t } = useTranslation("similarity");
  const p = data.pair;
  const regions = p.fragments.map(regionsOf);
  const left = p.left.code === null ? null : markLines(p.left.code, regions.map((r) => r.left));
  const right = p.right.code === null ? null : markLines(p.right.code, regions.map((r) => r.right));
  return (
    <div className="space-y-3" data-testid="similarity-pair-view" data-similarity={p.similarity.toFixed(4)}>
      <section className="rounded bg-white p-3 shadow-sm sm:p-5">
        <Link to={`${data.path}?check=${p.checkId}`} className="text-sm text-blue-700 underline">
          <span aria-hidden="true">← </span>
          {t("pair.back")}
        </Link>
        <h2 className="mt-2 text-xl font-semibold" data-testid="pair-heading">
          {t("pair.heading", { a: p.left.username, b: p.right.username })}
        </h2>
        <p className="mt-1 flex flex-wrap gap-x-4 text-sm text-gray-800">
          <span className="font-semibold" data-testid="pair-similarity">
            {t("pair.similarity", { value: percent(p.similarity) })}
          </span>
          <span>
            {p.displayId} · {p.family}
          </span>
          <span>{t("pair.longest", { lines: p.longestLines })}</span>
        </p>
        <h3 className="mt-3 text-base font-semibold">{t("pair.legend")}</h3>
        <p className="text-xs text-gray-700">{t("pair.legendNote")}</p>
        <ol className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="pair-legend">
          {p.fragments.map((f, i) => (
            <li key={i}>
              <a href={`#a-L${f.ls + 1}`} className="text-blue-700 underline">
                {t("pair.fragment", { n: i + 1 })}
              </a>
              : {t("pair.range", { from: f.ls + 1, to: f.le + 1, rfrom: f.rs + 1, rto: f.re + 1 })}
            </li>
          ))}
        </ol>
      </section>
      <div className="grid gap-3 lg:grid-cols-2">
        <Code side={p.left} lines={left} anchor="a" label={t("report.left")} />
        <Code side={p.right} lines={right} anchor="b" label={t("report.right")} />
      </div>
    </div>
  );
}
