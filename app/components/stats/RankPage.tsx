import { Form, Link } from "@remix-run/react";
import { Pagination } from "~/components/ui/Pagination";
import { RANK_PAGE_SIZES } from "~/lib/rank";
import { useTranslation } from "~/lib/translation";
import { RankTable, type RankRowView } from "./RankTable";

// The page of /acm-rank and /oi-rank: a GET form (user search, page size) whose state is the URL,
// the table, and page links.

export function RankPage({
  kind,
  title,
  searchUser,
  limit,
  page,
}: {
  kind: "acm" | "oi";
  title: string;
  searchUser: string;
  limit: number;
  page: { records: RankRowView[]; total: number; size: number; current: number };
}) {
  const { t } = useTranslation("home");
  const path = kind === "oi" ? "/oi-rank" : "/acm-rank";
  const href = (p: number) => {
    const qs = new URLSearchParams();
    if (searchUser) qs.set("searchUser", searchUser);
    qs.set("limit", String(limit));
    qs.set("currentPage", String(p));
    return `${path}?${qs.toString()}`;
  };
  return (
    <div className="mx-auto max-w-6xl p-4">
      <div className="rounded-lg bg-white p-4 shadow-sm">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-xl font-semibold text-gray-800">{title}</h1>
          <nav aria-label={t("rank.switch")} className="flex gap-3 text-sm">
            <Link to="/acm-rank" className="text-brand underline" aria-current={kind === "acm" ? "page" : undefined}>
              {t("rank.acmTitle")}
            </Link>
            <Link to="/oi-rank" className="text-brand underline" aria-current={kind === "oi" ? "page" : undefined}>
              {t("rank.oiTitle")}
            </Link>
          </nav>
        </div>
        <Form method="get" action={path} className="mb-4 flex flex-wrap items-end gap-2" role="search">
          <div className="flex flex-col">
            <label htmlFor="rank-search" className="text-xs text-gray-700">
              {t("rank.searchLabel")}
            </label>
            <input
              id="rank-search"
              name="searchUser"
              defaultValue={searchUser}
              maxLength={50}
              placeholder={t("rank.searchPlaceholder")}
              className="rounded border border-gray-300 px-3 py-1.5 text-sm focus:border-brand focus:outline-none"
            />
          </div>
          <div className="flex flex-col">
            <label htmlFor="rank-limit" className="text-xs text-gray-700">
              {t("rank.pageSize")}
            </label>
            <select id="rank-limit" name="limit" defaultValue={String(limit)} className="rounded border border-gray-300 px-2 py-1.5 text-sm">
              {RANK_PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="rounded bg-brand px-4 py-1.5 text-sm text-white hover:bg-brand-dark">
            {t("rank.search")}
          </button>
        </Form>
        <RankTable rows={page.records} kind={kind} />
        <Pagination total={page.total} size={page.size} current={page.current} href={href} />
      </div>
    </div>
  );
}
