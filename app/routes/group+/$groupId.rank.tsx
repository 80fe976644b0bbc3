import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { RankTable } from "~/components/stats/RankTable";
import { DownloadLinks } from "~/components/ui/DownloadLinks";
import { Pagination } from "~/components/ui/Pagination";
import { groupMemberPageBase, groupPageRefusal } from "~/http/group-page.server";
import { RANK_PAGE_SIZES, RankType } from "~/lib/rank";
import { useTranslation } from "~/lib/translation";
import { groupRankList, groupRankSchema } from "~/services/group/rank.server";

// A group's rank (spec section 2, /group/{gid}/rank): its members only, in the ACM view (solved,
// then fewer submissions) or the OI view (best score per problem summed) over the group's problems.
// A GET form (user search, page size) and links; the state is the URL.

export const handle = { i18n: ["group", "group-activity", "home", "exports"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, gid } = await groupMemberPageBase(request, params);
  const q = groupRankSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  try {
    const page = await groupRankList(user, gid, q);
    return json({ gid, type: q.type, searchUser: q.searchUser, limit: q.limit, page });
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
}

export default function GroupRank() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("group-activity");
  const { t: th } = useTranslation("home");
  const base = `/group/${data.gid}/rank`;
  const href = (change: { type?: number; currentPage?: number }) => {
    const qs = new URLSearchParams();
    qs.set("type", String(change.type ?? data.type));
    if (data.searchUser && change.type === undefined) qs.set("searchUser", data.searchUser);
    qs.set("limit", String(data.limit));
    qs.set("currentPage", String(change.currentPage ?? 1));
    return `${base}?${qs.toString()}`;
  };
  const kind = data.type === RankType.OI ? "oi" : "acm";
  return (
    <section className="rounded bg-white p-3 shadow-sm sm:p-5" aria-labelledby="group-rank-title" data-testid="group-rank">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="group-rank-title" className="text-lg font-semibold">
          {data.type === RankType.OI ? t("rank.oiTitle") : t("rank.acmTitle")}
        </h2>
        <nav aria-label={t("rank.switch")} className="flex gap-3 text-sm">
          <Link to={href({ type: RankType.ACM })} className="text-blue-700 underline" aria-current={kind === "acm" ? "page" : undefined} data-testid="group-rank-acm">
            {t("rank.acm")}
          </Link>
          <Link to={href({ type: RankType.OI })} className="text-blue-700 underline" aria-current={kind === "oi" ? "page" : undefined} data-testid="group-rank-oi">
            {t("rank.oi")}
          </Link>
        </nav>
      </div>
      <Form method="get" action={base} className="mb-3 flex flex-wrap items-end gap-2" role="search">
        <input type="hidden" name="type" value={data.type} />
        <div className="flex flex-col">
          <label htmlFor="group-rank-search" className="text-xs text-gray-700">
            {th("rank.searchLabel")}
          </label>
          <input id="group-rank-search" name="searchUser" defaultValue={data.searchUser} maxLength={50} placeholder={th("rank.searchPlaceholder")} className="rounded border border-gray-400 px-3 py-1.5 text-sm" />
        </div>
        <div className="flex flex-col">
          <label htmlFor="group-rank-limit" className="text-xs text-gray-700">
            {th("rank.pageSize")}
          </label>
          <select id="group-rank-limit" name="limit" defaultValue={String(data.limit)} className="rounded border border-gray-400 px-2 py-1.5 text-sm">
            {[...new Set([...RANK_PAGE_SIZES, data.limit])]
              .sort((a, b) => a - b)
              .map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
          </select>
        </div>
        <button type="submit" className="rounded bg-blue-700 px-4 py-1.5 text-sm text-white hover:bg-blue-800">
          {th("rank.search")}
        </button>
      </Form>
      <div className="mb-2">
        <DownloadLinks href={`${base}/export?type=${data.type}`} what="rank" />
      </div>
      <RankTable rows={data.page.records} kind={kind} homework={data.page.homework} />
      <Pagination total={data.page.total} size={data.page.size} current={data.page.current} href={(p) => href({ currentPage: p })} />
    </section>
  );
}
