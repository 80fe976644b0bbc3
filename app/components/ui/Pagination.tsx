import { Link } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";

// Page links (spec section 9: 5 page buttons, hidden when there is nothing to page). Plain links,
// so paging works without JavaScript and every page has its own address.

export function pageWindow(current: number, pages: number, buttons = 5): number[] {
  const half = Math.floor(buttons / 2);
  let start = Math.max(1, current - half);
  const end = Math.min(pages, start + buttons - 1);
  start = Math.max(1, end - buttons + 1);
  const out: number[] = [];
  for (let p = start; p <= end; p++) out.push(p);
  return out;
}

export function Pagination({
  total,
  size,
  current,
  href,
}: {
  total: number;
  size: number;
  current: number;
  /** The address of a page. */
  href: (page: number) => string;
}) {
  const { t } = useTranslation();
  if (total <= 0) return null;
  const pages = Math.max(1, Math.ceil(total / size));
  const cls = "min-w-8 rounded border px-2 py-1 text-center text-sm";
  return (
    <nav className="mt-4 flex flex-wrap items-center justify-center gap-1" aria-label={t("pagination.label")}>
      <span className="mr-2 text-sm text-gray-600">{t("pagination.total", { total })}</span>
      {current > 1 ? (
        <Link className={`${cls} bg-white`} to={href(current - 1)} rel="prev" aria-label={t("pagination.prev")}>
          ‹
        </Link>
      ) : null}
      {pageWindow(current, pages).map((p) =>
        p === current ? (
          <span key={p} className={`${cls} border-brand bg-brand text-white`} aria-current="page">
            {p}
          </span>
        ) : (
          <Link key={p} className={`${cls} bg-white`} to={href(p)}>
            {p}
          </Link>
        ),
      )}
      {current < pages ? (
        <Link className={`${cls} bg-white`} to={href(current + 1)} rel="next" aria-label={t("pagination.next")}>
          ›
        </Link>
      ) : null}
    </nav>
  );
}
