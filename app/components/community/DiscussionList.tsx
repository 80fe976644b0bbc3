import { Form, Link, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/ui/Pagination";
import { formatDateTime } from "~/lib/format";
import { categoryLabel } from "~/lib/community";
import { useTranslation } from "~/lib/translation";
import type { discussionListLoader } from "~/http/community-pages.server";
import { RoleBadge } from "./CommentSection";

// The discussion list (spec section 2 "Discussion"): search, category breadcrumb, pinned mark,
// cards, 10 a page; beside it the post button, mine/all, general discussion and back to the
// problem, and the categories. Filters are links and a GET form: every state has its address.

type Data = Awaited<ReturnType<Awaited<ReturnType<typeof discussionListLoader>>["json"]>>;

export function DiscussionList() {
  const data = useLoaderData<typeof discussionListLoader>() as unknown as Data;
  const { t } = useTranslation("community");
  const base = data.problemId ? `${data.paths.list}/${encodeURIComponent(data.problemId)}` : data.paths.list;
  const href = (change: Partial<Data["query"]>) => {
    const q = { ...data.query, currentPage: 1, ...change };
    const sp = new URLSearchParams();
    if (q.keyword) sp.set("keyword", q.keyword);
    if (q.cid) sp.set("cid", String(q.cid));
    if (q.onlyMine) sp.set("onlyMine", "true");
    if (q.currentPage > 1) sp.set("currentPage", String(q.currentPage));
    const s = sp.toString();
    return s ? `${base}?${s}` : base;
  };
  const category = data.categories.find((c) => c.id === data.query.cid);
  const newHref = `${data.paths.edit}${data.problemId ? `?pid=${encodeURIComponent(data.problemId)}` : ""}`;
  const side = "block w-full rounded border px-3 py-1.5 text-center text-sm";
  // Inside a group's frame the group's name is the page's heading.
  const Heading = data.inGroup ? "h2" : "h1";
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-3 p-2 sm:p-4 lg:flex-row">
      <section className="min-w-0 flex-1 rounded bg-white p-3 shadow-sm sm:p-5">
        <Heading className="mb-2 text-xl font-semibold">{data.pageTitle}</Heading>
        <nav aria-label={t("list.breadcrumb")} className="mb-3 text-sm">
          <ol className="flex flex-wrap items-center gap-1 text-gray-700">
            <li>
              <Link to={href({ cid: null })} className="text-blue-800 underline">
                {t("list.all")}
              </Link>
            </li>
            {category ? (
              <li aria-current="page">
                <span aria-hidden="true">/ </span>
                {categoryLabel(category.name, t)}
              </li>
            ) : null}
          </ol>
        </nav>
        <Form method="get" action={base} className="mb-3 flex flex-wrap items-end gap-2" role="search">
          {data.query.cid ? <input type="hidden" name="cid" value={data.query.cid} /> : null}
          {data.query.onlyMine ? <input type="hidden" name="onlyMine" value="true" /> : null}
          <label className="flex flex-col text-xs text-gray-700">
            {t("list.keyword")}
            <input type="search" name="keyword" defaultValue={data.query.keyword} maxLength={100} className="mt-1 w-56 rounded border border-gray-400 px-2 py-1 text-sm text-gray-800" />
          </label>
          <button type="submit" className="rounded bg-blue-700 px-3 py-1 text-sm text-white">
            {t("list.search")}
          </button>
        </Form>
        {data.list.records.length === 0 ? (
          <p className="py-8 text-center text-gray-700" data-testid="discussion-empty">
            {t("list.empty")}
          </p>
        ) : (
          <ul className="space-y-2" data-testid="discussion-list">
            {data.list.records.map((d) => (
              <li key={d.id} className="rounded border border-gray-200 p-3" data-testid="discussion-card">
                <div className="flex flex-wrap items-center gap-2">
                  {d.topPriority ? <span className="rounded bg-red-700 px-1.5 text-xs text-white">{t("list.top")}</span> : null}
                  <Link to={`${data.paths.detail}/${d.id}`} className="text-base font-medium text-blue-800 underline-offset-2 hover:underline">
                    {d.title}
                  </Link>
                </div>
                <p className="mt-1 line-clamp-2 text-sm text-gray-700">{d.description}</p>
                <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-700">
                  <span className="flex items-center gap-1">
                    <Link to={`/user-home?username=${encodeURIComponent(d.author)}`} className="text-blue-800 underline">
                      {d.author}
                    </Link>
                    <RoleBadge role={d.role} />
                  </span>
                  <span>{formatDateTime(d.gmtCreate)}</span>
                  <Link to={href({ cid: d.categoryId })} className="rounded border px-1.5 text-gray-800">
                    {categoryLabel(d.categoryName, t)}
                  </Link>
                  {d.pid ? (
                    <Link to={`${data.paths.problem}/${encodeURIComponent(d.pid)}`} className="text-blue-800 underline">
                      {d.pid}
                    </Link>
                  ) : null}
                  <span>{t("list.views", { count: d.viewNum })}</span>
                  <span>{t("list.likes", { count: d.likeNum })}</span>
                  <span>{t("list.comments", { count: d.commentNum })}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination total={data.list.total} size={data.list.size} current={data.query.currentPage} href={(p) => href({ currentPage: p })} />
      </section>
      <aside className="space-y-3 lg:w-64" aria-label={t("list.side")}>
        <div className="space-y-2 rounded bg-white p-3 shadow-sm">
          {data.signedIn ? (
            data.postRefusal ? (
              <p className="text-sm text-gray-700" data-testid="post-refusal">
                {data.postRefusal}
              </p>
            ) : (
              <Link to={newHref} className={`${side} border-blue-700 bg-blue-700 text-white`} data-testid="post-discussion">
                {t("list.post")}
              </Link>
            )
          ) : (
            <Link to="/login" data-auth="login" className={`${side} border-blue-700 text-blue-800`}>
              {t("list.loginToPost")}
            </Link>
          )}
          {data.signedIn ? (
            <Link to={href({ onlyMine: !data.query.onlyMine })} className={`${side} text-gray-800`} aria-current={data.query.onlyMine ? "true" : undefined}>
              {data.query.onlyMine ? t("list.showAll") : t("list.onlyMine")}
            </Link>
          ) : null}
          {data.problemId ? (
            <>
              <Link to={data.paths.list} className={`${side} text-gray-800`}>
                {t("list.general")}
              </Link>
              <Link to={`${data.paths.problem}/${encodeURIComponent(data.problemId)}`} className={`${side} text-gray-800`}>
                {t("list.backToProblem")}
              </Link>
            </>
          ) : null}
        </div>
        <nav className="rounded bg-white p-3 shadow-sm" aria-labelledby="category-title">
          <div className="mb-2 flex items-center justify-between">
            <h2 id="category-title" className="text-sm font-semibold">
              {t("list.categories")}
            </h2>
            {data.superAdmin ? (
              <Link to="/discussion-categories" className="text-xs text-blue-800 underline">
                {t("list.editCategories")}
              </Link>
            ) : null}
          </div>
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {data.categories.map((c) => (
              <li key={c.id}>
                <Link to={href({ cid: c.id })} className={`block rounded px-2 py-1 text-sm ${c.id === data.query.cid ? "bg-blue-700 text-white" : "text-gray-800 hover:bg-gray-100"}`} aria-current={c.id === data.query.cid ? "true" : undefined}>
                  {categoryLabel(c.name, t)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
    </div>
  );
}
