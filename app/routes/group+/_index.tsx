import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GroupForm } from "~/components/group/GroupForm";
import { GroupAuthTag, GroupAvatar } from "~/components/group/GroupTags";
import { Pagination } from "~/components/ui/Pagination";
import { flash } from "~/http/flash.server";
import { groupFormInput } from "~/http/group-form.server";
import { formAttempt } from "~/http/group-page.server";
import { requireUser } from "~/http/guards.server";
import { siteRedirect } from "~/http/paths.server";
import { GROUP_PAGE_SIZES } from "~/lib/group";
import { pageTitle } from "~/lib/meta";
import { FilterChip, FilterRow, ListSearchForm } from "~/components/ui/ListFilters";
import { useTranslation } from "~/lib/translation";
import { getCurrentUser } from "~/services/account/session.server";
import { createGroup, groupListSchema, listGroups } from "~/services/group/groups.server";
import { getT } from "~/services/platform/i18n.server";

// The group list (spec section 2 "Groups"): auth, keyword and onlyMine filters in the URL (links and
// a GET form), cards (avatar, name, short name, owner linking to their home, member count, auth
// tag), 15 a page; a signed-in user creates a group with the form below the list (the site's limits
// are the service's).

export const handle = { i18n: ["group"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = groupListSchema.parse(Object.fromEntries(url.searchParams));
  const user = await getCurrentUser(request);
  const [page, t] = await Promise.all([listGroups(query, user), getT(request, "group")]);
  return json({
    pageTitle: t("list.title"),
    signedIn: !!user,
    query: { keyword: query.keyword, auth: query.auth ?? null, onlyMine: query.onlyMine && !!user, currentPage: query.currentPage, limit: query.limit },
    total: page.total,
    size: page.size,
    records: page.records.map((g) => ({ id: g._id, name: g.name, shortName: g.shortName, avatar: g.avatar || null, owner: g.owner, auth: g.auth, memberCount: g.memberCount, brief: g.brief })),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const t = await getT(request, ["group", "common"]);
  const { raw, result } = groupFormInput(t, await request.formData());
  if (!result.ok) return json({ errors: result.errors, values: raw, error: null }, { status: 400 });
  const done = await formAttempt(t, () => createGroup(user, result.data));
  if (!done.ok) {
    const body = (await done.response.json()) as { error: string };
    return json({ errors: {}, values: raw, error: body.error }, { status: done.response.status });
  }
  const cookie = await flash(request, { type: "success", key: "group:flash.created" });
  return siteRedirect(`/group/${done.value._id}`, { headers: { "Set-Cookie": cookie } });
}

type Query = ReturnType<typeof useLoaderData<typeof loader>>["query"];

function listHref(q: Query, page: number): string {
  const sp = new URLSearchParams();
  if (q.auth) sp.set("auth", String(q.auth));
  if (q.keyword) sp.set("keyword", q.keyword);
  if (q.onlyMine) sp.set("onlyMine", "true");
  if (q.limit !== 15) sp.set("limit", String(q.limit));
  if (page > 1) sp.set("currentPage", String(page));
  const s = sp.toString();
  return s ? `/group?${s}` : "/group";
}

export default function GroupList() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("group");
  const { query } = data;
  const filterLink = (change: Partial<Query>) => listHref({ ...query, ...change }, 1);
  return (
    <div className="mx-auto max-w-6xl space-y-3 p-2 sm:p-4">
      <section className="rounded bg-white p-3 shadow-sm sm:p-5">
        <h1 className="mb-4 text-xl font-semibold">{t("list.title")}</h1>
        <div className="space-y-2" data-testid="group-filters">
          <FilterRow label={t("list.auth")}>
            {[null, 1, 2, 3].map((v) => (
              <FilterChip key={String(v)} to={filterLink({ auth: v })} active={query.auth === v}>
                {v === null ? t("list.all") : t(`auth.${v}`)}
              </FilterChip>
            ))}
            {data.signedIn ? (
              <FilterChip to={filterLink({ onlyMine: !query.onlyMine })} active={query.onlyMine} testId="group-only-mine">
                {t("list.onlyMine")}
              </FilterChip>
            ) : null}
          </FilterRow>
          <ListSearchForm action="/group" keep={{ auth: query.auth, onlyMine: query.onlyMine }} keyword={query.keyword} label={t("list.keyword")} submit={t("list.search")}>
            <label className="flex flex-col text-xs text-gray-700">
              {t("list.pageSize")}
              <select name="limit" defaultValue={String(query.limit)} className="mt-1 rounded border px-2 py-1 text-sm text-gray-800">
                {GROUP_PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          </ListSearchForm>
        </div>
        {data.records.length === 0 ? (
          <p className="mt-6 text-center text-gray-700" data-testid="group-empty">
            {t("list.empty")}
          </p>
        ) : (
          <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="group-list">
            {data.records.map((g) => (
              <li key={g.id} className="flex gap-3 rounded border border-gray-200 p-3" data-testid="group-card" data-gid={g.id}>
                <GroupAvatar avatar={g.avatar} name={g.name} />
                <div className="min-w-0 flex-1 space-y-1">
                  <div className="flex items-start justify-between gap-2">
                    <Link to={`/group/${g.id}`} className="break-words font-medium text-blue-700 underline underline-offset-2">
                      {g.name}
                    </Link>
                    <GroupAuthTag auth={g.auth} />
                  </div>
                  <p className="text-xs text-gray-700">
                    {t("list.shortName")}: {g.shortName} · {t("list.members", { count: g.memberCount })}
                  </p>
                  <p className="break-words text-sm text-gray-800">{g.brief}</p>
                  <p className="text-xs text-gray-700">
                    {t("list.owner")}:{" "}
                    <Link to={`/user-home?username=${encodeURIComponent(g.owner)}`} className="text-blue-700 underline">
                      {g.owner}
                    </Link>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination total={data.total} size={data.size} current={query.currentPage} href={(p) => listHref(query, p)} />
      </section>
      {data.signedIn ? (
        <section className="rounded bg-white p-3 shadow-sm sm:p-5" aria-labelledby="group-create-title">
          <h2 id="group-create-title" className="mb-3 text-lg font-semibold">
            {t("list.create")}
          </h2>
          {answer?.error ? (
            <p role="alert" className="mb-3 text-sm text-red-700" data-testid="group-create-error">
              {answer.error}
            </p>
          ) : null}
          <GroupForm
            intent="create"
            testId="group-create-form"
            submitLabel={t("list.createSubmit")}
            errors={answer?.errors}
            values={answer?.values ? { ...answer.values, auth: Number(answer.values.auth) || 1 } : { name: "", shortName: "", brief: "", description: "", auth: 1, code: "", visible: true }}
          />
        </section>
      ) : null}
    </div>
  );
}
