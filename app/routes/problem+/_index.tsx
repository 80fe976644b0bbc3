import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { DifficultyTag } from "~/components/problem/DifficultyTag";
import { Pagination } from "~/components/ui/Pagination";
import { toast } from "~/components/ui/Toast";
import { JudgeStatus } from "~/lib/constants";
import { acRate } from "~/lib/format";
import { OJ_FILTERS, OWN_OJ, TAG_CELL_MIN, TAG_POPOVER_WIDTH, TAGS_PER_ROW } from "~/lib/problem";
import { pageTitle } from "~/lib/meta";
import { DomainError } from "~/services/errors.server";
import { flash } from "~/http/flash.server";
import { getT } from "~/services/platform/i18n.server";
import { siteRedirect } from "~/http/paths.server";
import { listProblems, parseProblemListQuery, randomProblemId } from "~/services/problem/problems.server";
import { userProblemStatus } from "~/services/submission/user-problem-status.server";
import { getCurrentUser } from "~/services/account/session.server";
import { listTagsAndClassifications, searchTags } from "~/services/problem/tags.server";
import { apiFetch } from "~/lib/api-fetch";
import { chipStyle } from "~/lib/contrast";

export const handle = { i18n: ["problem", "judge"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const params = Object.fromEntries(url.searchParams);
  const query = parseProblemListQuery(params);

  // The random pick without JavaScript: a GET form button, answered with a redirect to the problem,
  // or back to the list (without the pick) with the message when there is none to pick.
  if (url.searchParams.get("random") === "1") {
    let problemId: string;
    try {
      problemId = await randomProblemId(query.oj);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      url.searchParams.delete("random");
      const cookie = await flash(request, { type: "error", key: err.message });
      throw siteRedirect(`/problem${url.search}`, { headers: { "Set-Cookie": cookie } });
    }
    const cookie = await flash(request, { type: "success", key: "problem:goodLuck" });
    throw siteRedirect(`/problem/${encodeURIComponent(problemId)}`, { headers: { "Set-Cookie": cookie } });
  }

  const user = await getCurrentUser(request);
  const tagSearch = (url.searchParams.get("tagSearch") ?? "").trim().slice(0, 50);
  const [page, classified, t] = await Promise.all([
    listProblems(query),
    listTagsAndClassifications(query.oj && query.oj !== OWN_OJ ? query.oj : OWN_OJ),
    getT(request, ["problem", "common"]),
  ]);
  const statuses = user ? await userProblemStatus(user._id, page.records.map((r) => r.pid)) : null;
  const allTags = classified.flatMap((c) => c.tagList);
  const selectedTags = query.tagId
    .map((id) => allTags.find((tag) => tag._id === id))
    .filter((tag): tag is NonNullable<typeof tag> => !!tag)
    .map((tag) => ({ id: tag._id, name: tag.name, color: tag.color }));
  const shown = new Set(searchTags(allTags, tagSearch).map((tag) => tag._id));
  return json({
    pageTitle: t("list.title"),
    query: { ...query, tagSearch },
    page,
    signedIn: !!user,
    status: statuses ? Object.fromEntries([...statuses].map(([pid, s]) => [pid, s.status])) : null,
    classifications: classified
      .map((c) => ({
        id: c.classification?._id ?? 0,
        name: c.classification?.name ?? null,
        tags: c.tagList.filter((tag) => shown.has(tag._id)).map((tag) => ({ id: tag._id, name: tag.name, color: tag.color })),
      }))
      .filter((c) => c.tags.length > 0),
    selectedTags,
  });
}

type Query = ReturnType<typeof useLoaderData<typeof loader>>["query"];

/** The list's address with some filters changed; any change but the page number starts at page 1. */
function listHref(q: Query, change: Partial<{ keyword: string; difficulty: number | null; oj: string; tagId: number[]; currentPage: number; tagSearch: string }>) {
  const next = { keyword: q.keyword, difficulty: q.difficulty ?? null, oj: q.oj, tagId: q.tagId, tagSearch: q.tagSearch, currentPage: 1, ...change };
  const sp = new URLSearchParams();
  if (next.keyword) sp.set("keyword", next.keyword);
  if (next.difficulty !== null && next.difficulty !== undefined) sp.set("difficulty", String(next.difficulty));
  if (next.oj) sp.set("oj", next.oj);
  if (next.tagId.length) sp.set("tagId", next.tagId.join(","));
  if (next.tagSearch) sp.set("tagSearch", next.tagSearch);
  if (next.currentPage > 1) sp.set("currentPage", String(next.currentPage));
  const s = sp.toString();
  return s ? `/problem?${s}` : "/problem";
}

function toggleTag(list: number[], id: number): number[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id];
}

export default function ProblemList() {
  const { query, page, status, classifications, selectedTags, signedIn } = useLoaderData<typeof loader>();
  const { t } = useTranslation("problem");
  const navigate = useNavigate();

  const pickRandom = async (e: React.MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    try {
      const res = await apiFetch(`/ojapi/get-random-problem${query.oj ? `?oj=${encodeURIComponent(query.oj)}` : ""}`);
      const body = (await res.json()) as { status: number; msg: string; data: { problemId: string } | null };
      if (body.status !== 200 || !body.data) {
        toast.text("error", body.msg);
        return;
      }
      toast.success("problem:goodLuck");
      navigate(`/problem/${encodeURIComponent(body.data.problemId)}`);
    } catch {
      toast.error("errors.network");
    }
  };

  return (
    <div className="mx-auto max-w-6xl p-2 sm:p-4">
      <section className="rounded bg-white p-3 shadow-sm sm:p-5">
        <h1 className="mb-4 text-xl font-semibold">{t("list.title")}</h1>
        <Form
          method="get"
          action="/problem"
          className="flex flex-wrap items-end gap-2"
          id="problem-filters"
          onChange={(e) => {
            // Selects apply at once; the keyword applies on Enter or with the search button.
            if ((e.target as HTMLElement).tagName === "SELECT") e.currentTarget.requestSubmit();
          }}
          onSubmit={(e) => {
            // With JavaScript the address keeps only the filters in use (page 1 after any change).
            const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            if (submitter?.name === "random") return;
            e.preventDefault();
            const f = new FormData(e.currentTarget);
            const d = String(f.get("difficulty") ?? "");
            navigate(
              listHref(query, {
                keyword: String(f.get("keyword") ?? "").trim(),
                difficulty: d === "" ? null : Number(d),
                oj: String(f.get("oj") ?? ""),
              }),
            );
          }}
        >
          <label className="flex flex-col text-xs text-gray-600">
            {t("list.keyword")}
            <input
              type="search"
              name="keyword"
              defaultValue={query.keyword}
              maxLength={100}
              placeholder={t("list.keywordPlaceholder")}
              className="mt-1 w-56 rounded border px-2 py-1 text-sm text-gray-800"
            />
          </label>
          <label className="flex flex-col text-xs text-gray-600">
            {t("list.difficulty")}
            <select name="difficulty" defaultValue={query.difficulty ?? ""} className="mt-1 rounded border px-2 py-1 text-sm text-gray-800">
              <option value="">{t("list.all")}</option>
              {[0, 1, 2].map((d) => (
                <option key={d} value={d}>
                  {t(`difficulty.${d}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col text-xs text-gray-600">
            {t("list.oj")}
            <select name="oj" defaultValue={query.oj} className="mt-1 rounded border px-2 py-1 text-sm text-gray-800">
              <option value="">{t("list.all")}</option>
              {OJ_FILTERS.map((oj) => (
                <option key={oj} value={oj}>
                  {oj === OWN_OJ ? t("list.ojMine") : oj}
                </option>
              ))}
            </select>
          </label>
          {query.tagId.length ? <input type="hidden" name="tagId" value={query.tagId.join(",")} /> : null}
          <button type="submit" className="rounded bg-brand px-3 py-1 text-sm text-white">
            {t("list.search")}
          </button>
          <Link to="/problem" className="rounded border px-3 py-1 text-sm" data-testid="reset-filters">
            {t("list.reset")}
          </Link>
          <button type="submit" name="random" value="1" onClick={pickRandom} className="rounded border border-brand px-3 py-1 text-sm text-brand">
            {t("list.random")}
          </button>
        </Form>

        <div className="relative mt-3 flex flex-wrap items-center gap-2" data-testid="tag-filters">
          {classifications.map((c) => (
            // On a phone the popover hangs from the row's left edge (so it stays on the screen); wider,
            // from its own button. Its cells are wide enough for a word: six a row on a wide screen
            // (the popover grows past 400 px for that), fewer on a phone, and a name longer than its
            // cell wraps instead of being cut.
            <details key={c.id} className="group sm:relative">
              <summary className="cursor-pointer list-none rounded border px-2 py-1 text-sm hover:border-brand">
                {c.name ?? t("list.otherTags")} ▾
              </summary>
              <div
                className="absolute left-0 z-20 mt-1 grid max-w-[90vw] gap-1 rounded border bg-white p-2 shadow-lg"
                style={{
                  width: `max(${TAG_POPOVER_WIDTH}px, calc(${TAGS_PER_ROW} * ${TAG_CELL_MIN} + ${TAGS_PER_ROW - 1} * 0.25rem + 1rem + 2px))`,
                  gridTemplateColumns: `repeat(auto-fill, minmax(${TAG_CELL_MIN}, 1fr))`,
                }}
              >
                {c.tags.map((tag) => {
                  const on = query.tagId.includes(tag.id);
                  return (
                    <Link
                      key={tag.id}
                      to={listHref(query, { tagId: toggleTag(query.tagId, tag.id) })}
                      className={`break-words rounded px-1 py-0.5 text-center text-xs leading-tight ${on ? "" : "text-gray-700 hover:bg-gray-100"}`}
                      style={on ? chipStyle(tag.color) : { border: `1px solid ${tag.color}` }}
                      title={tag.name}
                      aria-pressed={on}
                    >
                      {tag.name}
                    </Link>
                  );
                })}
              </div>
            </details>
          ))}
          <Form method="get" action="/problem" className="flex items-center gap-1">
            {query.keyword ? <input type="hidden" name="keyword" value={query.keyword} /> : null}
            {query.difficulty !== undefined ? <input type="hidden" name="difficulty" value={query.difficulty} /> : null}
            {query.oj ? <input type="hidden" name="oj" value={query.oj} /> : null}
            {query.tagId.length ? <input type="hidden" name="tagId" value={query.tagId.join(",")} /> : null}
            <input
              type="search"
              name="tagSearch"
              defaultValue={query.tagSearch}
              maxLength={50}
              placeholder={t("list.tagSearch")}
              aria-label={t("list.tagSearch")}
              className="w-36 rounded border px-2 py-1 text-xs"
            />
          </Form>
        </div>

        {selectedTags.length ? (
          <div className="mt-2 flex flex-wrap items-center gap-1" data-testid="selected-tags">
            <span className="text-xs text-gray-600">{t("list.selectedTags")}</span>
            {selectedTags.map((tag) => (
              <Link
                key={tag.id}
                to={listHref(query, { tagId: query.tagId.filter((x) => x !== tag.id) })}
                className="rounded px-2 py-0.5 text-xs"
                style={chipStyle(tag.color)}
                aria-label={t("list.removeTag", { name: tag.name })}
              >
                {tag.name} ×
              </Link>
            ))}
          </div>
        ) : null}

        <div className="mt-4 overflow-x-auto focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
          <table className="w-full text-left text-sm" data-testid="problem-table">
            <thead className="border-b text-xs text-gray-600">
              <tr>
                {signedIn ? <th className="w-8 py-2" aria-label={t("list.myStatus")} /> : null}
                <th className="py-2 pr-2">{t("list.id")}</th>
                <th className="py-2 pr-2">{t("list.titleColumn")}</th>
                <th className="py-2 pr-2">{t("list.level")}</th>
                <th className="hidden py-2 pr-2 sm:table-cell">{t("list.tags")}</th>
                <th className="py-2 pr-2 text-right">{t("list.acRate")}</th>
              </tr>
            </thead>
            <tbody>
              {page.records.length === 0 ? (
                <tr>
                  <td colSpan={6} className="py-8 text-center text-gray-600">
                    {t("list.empty")}
                  </td>
                </tr>
              ) : null}
              {page.records.map((p) => {
                const s = status?.[p.pid];
                return (
                  <tr key={p.pid} className="border-b last:border-0 hover:bg-gray-50" data-pid={p.pid}>
                    {signedIn ? (
                      <td className="py-2">
                        {s === JudgeStatus.ACCEPTED ? (
                          <span className="text-green-600" title={t("list.solved")} data-my-status="accepted">
                            ✔
                          </span>
                        ) : s !== undefined && s !== JudgeStatus.NOT_SUBMITTED ? (
                          <span className="text-red-500" title={t("list.tried")} data-my-status="tried">
                            ✘
                          </span>
                        ) : null}
                      </td>
                    ) : null}
                    <td className="py-2 pr-2 font-mono">
                      <Link to={`/problem/${encodeURIComponent(p.problemId)}`}>{p.problemId}</Link>
                    </td>
                    <td className="py-2 pr-2">
                      <Link to={`/problem/${encodeURIComponent(p.problemId)}`} className="text-gray-800 hover:text-brand">
                        {p.title}
                      </Link>
                    </td>
                    <td className="py-2 pr-2">
                      <DifficultyTag difficulty={p.difficulty} />
                    </td>
                    <td className="hidden py-2 pr-2 sm:table-cell">
                      <div className="flex flex-wrap gap-1">
                        {p.tags.map((tag) => (
                          <Link
                            key={tag.id}
                            to={listHref(query, { tagId: query.tagId.includes(tag.id) ? query.tagId : [...query.tagId, tag.id] })}
                            className="rounded px-1.5 text-xs"
                            style={chipStyle(tag.color)}
                          >
                            {tag.name}
                          </Link>
                        ))}
                      </div>
                    </td>
                    <td className="py-2 pr-2 text-right tabular-nums" title={`${p.ac}/${p.total}`}>
                      <span className="text-gray-800">{acRate(p.ac, p.total)}</span>
                      <span className="ml-1 text-xs text-gray-600">
                        ({p.ac}/{p.total})
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <Pagination total={page.total} size={page.size} current={page.current} href={(n) => listHref(query, { currentPage: n })} />
      </section>
    </div>
  );
}
