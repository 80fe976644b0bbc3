import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AuthTag, CategoryTag } from "~/components/training/TrainingTags";
import { Pagination } from "~/components/ui/Pagination";
import { formatDateTime } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { TRAINING_AUTHS } from "~/lib/training";
import { FilterChip, FilterRow, ListSearchForm } from "~/components/ui/ListFilters";
import { useTranslation } from "~/lib/translation";
import { getCurrentUser } from "~/services/account/session.server";
import { getT } from "~/services/platform/i18n.server";
import { listCategories } from "~/services/training/categories.server";
import { listTrainings, trainingListSchema } from "~/services/training/trainings.server";
import { SITE } from "~/services/training/scope.server";

// The training list (spec section 2 "Training"): keyword search, auth and category filters as
// links and a GET form (their state in the URL), cards in number order, 15 a page. A signed-in
// user sees how many problems of each they solved; a visitor does not (spec section 6).

export const handle = { i18n: ["training"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = trainingListSchema.parse({ ...Object.fromEntries(url.searchParams), limit: undefined });
  const user = await getCurrentUser(request);
  const [page, categories, t] = await Promise.all([listTrainings(query, user, SITE, false), listCategories(SITE), getT(request, "training")]);
  return json({
    pageTitle: t("list.title"),
    signedIn: !!user,
    query: { keyword: query.keyword, auth: query.auth ?? null, categoryId: query.categoryId ?? null, currentPage: query.currentPage },
    categories: categories.map((c) => ({ id: c._id, name: c.name, color: c.color })),
    total: page.total,
    size: page.size,
    records: page.records.map((r) => ({
      id: r.training._id,
      rank: r.training.rank,
      title: r.training.title,
      auth: r.training.auth,
      author: r.training.author,
      problemCount: r.training.problemCount ?? 0,
      categoryName: r.category?.name ?? null,
      categoryColor: r.category?.color ?? null,
      acCount: r.acCount,
      gmtModified: formatDateTime(r.training.gmtModified),
    })),
  });
}

type Query = ReturnType<typeof useLoaderData<typeof loader>>["query"];

function listHref(q: Query, page: number): string {
  const sp = new URLSearchParams();
  if (q.auth) sp.set("auth", q.auth);
  if (q.categoryId !== null) sp.set("categoryId", String(q.categoryId));
  if (q.keyword) sp.set("keyword", q.keyword);
  if (page > 1) sp.set("currentPage", String(page));
  const s = sp.toString();
  return s ? `/training?${s}` : "/training";
}

export default function TrainingList() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("training");
  const { query } = data;
  const filterLink = (change: Partial<Query>) => listHref({ ...query, ...change }, 1);
  return (
    <div className="mx-auto max-w-6xl p-2 sm:p-4">
      <section className="rounded bg-white p-3 shadow-sm sm:p-5">
        <h1 className="mb-4 text-xl font-semibold">{t("list.title")}</h1>
        <div className="space-y-2" data-testid="training-filters">
          <FilterRow label={t("list.auth")}>
            {[null, ...TRAINING_AUTHS].map((v) => (
              <FilterChip key={String(v)} to={filterLink({ auth: v })} active={query.auth === v}>
                {v === null ? t("list.all") : t(`auth.${v === "Private" ? "private" : "public"}`)}
              </FilterChip>
            ))}
          </FilterRow>
          <FilterRow label={t("list.category")}>
            <FilterChip to={filterLink({ categoryId: null })} active={query.categoryId === null}>
              {t("list.all")}
            </FilterChip>
            {data.categories.map((c) => (
              <FilterChip key={c.id} to={filterLink({ categoryId: c.id })} active={query.categoryId === c.id}>
                {c.name}
              </FilterChip>
            ))}
          </FilterRow>
          <ListSearchForm action="/training" keep={{ auth: query.auth, categoryId: query.categoryId }} keyword={query.keyword} label={t("list.keyword")} submit={t("list.search")} />
        </div>

        {data.records.length === 0 ? (
          <p className="mt-6 text-center text-gray-700" data-testid="training-empty">
            {t("list.empty")}
          </p>
        ) : (
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="training-list">
            {data.records.map((r) => (
              <li key={r.id} className="flex flex-col gap-2 rounded border border-gray-200 p-3" data-testid="training-card" data-tid={r.id}>
                <div className="flex items-start justify-between gap-2">
                  <Link to={`/training/${r.id}`} className="text-lg font-medium text-blue-700 underline-offset-2 hover:underline">
                    {r.title}
                  </Link>
                  <AuthTag auth={r.auth} />
                </div>
                <div className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
                  <CategoryTag name={r.categoryName} color={r.categoryColor} />
                  <span>{t("list.problemCount", { count: r.problemCount })}</span>
                  {r.acCount !== null ? <span data-testid="training-ac">{t("list.solved", { count: r.acCount })}</span> : null}
                </div>
                <div className="text-xs text-gray-700">
                  {t("list.author")}: {r.author} · {r.gmtModified}
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination total={data.total} size={data.size} current={query.currentPage} href={(p) => listHref(query, p)} />
      </section>
    </div>
  );
}
