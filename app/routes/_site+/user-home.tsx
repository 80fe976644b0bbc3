import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DifficultyTag } from "~/components/problem/DifficultyTag";
import { Avatar } from "~/components/stats/Avatar";
import { Heatmap } from "~/components/stats/Heatmap";
import { TierBadge } from "~/components/stats/TierBadge";
import { TitleChip } from "~/components/stats/TitleChip";
import { requireUser } from "~/http/guards.server";
import { formatDateTime } from "~/lib/format-time";
import { pageTitle } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/translation";
import { getCurrentUser } from "~/services/account/session.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { userHomePage, userRefSchema } from "~/services/stats/user-home.server";

// /user-home?uid= or ?username= (without either: the signed-in user's own): the profile, the kept
// counters, the solved tier, solved problems by difficulty, the last login and the year's heat map.

export const handle: RouteHandle = { i18n: ["common", "home", "problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function loader({ request }: LoaderFunctionArgs) {
  const ref = userRefSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const viewer = ref.uid || ref.username ? await getCurrentUser(request) : await requireUser(request);
  try {
    const [{ info, heatmap }, t] = await Promise.all([userHomePage(ref, viewer?._id ?? null), getT(request, ["home", "common"])]);
    return json({ title: t("home:user.title", { name: info.username }), info, heatmap });
  } catch (err) {
    if (err instanceof DomainError && err.kind === "notFound") throw new Response("Not Found", { status: 404 });
    throw err;
  }
}

function safeLink(href: string): string | null {
  return /^https?:\/\//i.test(href) ? href : null;
}

export default function UserHome() {
  const { info, heatmap } = useLoaderData<typeof loader>();
  const { t } = useTranslation("home");
  const stats: Array<[string, number]> = [
    ["user.solved", info.solvedCount],
    ["user.submissions", info.total],
    ["user.accepted", info.acSubmitCount],
    ["user.oiScore", info.oiScore],
  ];
  const difficulties = Object.keys(info.solvedGroupByDifficulty)
    .map(Number)
    .sort((a, b) => a - b);
  const github = safeLink(info.github);
  const blog = safeLink(info.blog);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4">
      <section className="rounded-lg bg-white p-5 shadow-sm" aria-labelledby="user-name">
        <div className="flex flex-wrap items-start gap-4">
          <Avatar src={info.avatar} name={info.username} size={96} />
          <div className="min-w-0 flex-1">
            <h1 id="user-name" className="flex flex-wrap items-center gap-2 text-2xl font-semibold text-gray-800">
              <span data-username>{info.username}</span>
              <TitleChip name={info.titleName} color={info.titleColor} />
            </h1>
            {info.nickname ? <p className="text-gray-700">{info.nickname}</p> : null}
            {info.school ? <p className="text-sm text-gray-700">{t("user.school", { school: info.school })}</p> : null}
            {info.signature ? <p className="mt-2 whitespace-pre-line text-sm text-gray-700">{info.signature}</p> : null}
            <p className="mt-2 flex flex-wrap gap-3 text-sm">
              {github ? (
                <a href={github} rel="nofollow noopener noreferrer" className="text-brand underline">
                  GitHub
                </a>
              ) : null}
              {blog ? (
                <a href={blog} rel="nofollow noopener noreferrer" className="text-brand underline">
                  {t("user.blog")}
                </a>
              ) : null}
            </p>
            <p className="mt-2 text-sm text-gray-600">
              {t("user.lastLogin")}: <span data-last-login>{info.recentLoginTime ? formatDateTime(info.recentLoginTime) : t("user.never")}</span>
            </p>
          </div>
          <div className="flex flex-col items-center text-xs text-gray-700">
            <TierBadge tier={info.tier} />
            <span>{t("user.tier", { tier: info.tier })}</span>
          </div>
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {stats.map(([key, value]) => (
            <div key={key} className="rounded border border-gray-200 p-3 text-center">
              <dt className="text-xs text-gray-600">{t(key)}</dt>
              <dd className="text-xl font-semibold text-gray-800" data-stat={key}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="rounded-lg bg-white p-5 shadow-sm" aria-labelledby="heatmap-title">
        <h2 id="heatmap-title" className="mb-3 text-lg font-semibold text-gray-800">
          {t("user.heatmapTitle")}
        </h2>
        <Heatmap id="year-heatmap" days={heatmap.dataList} label={t("user.heatmapTitle")} />
      </section>

      <section className="rounded-lg bg-white p-5 shadow-sm" aria-labelledby="solved-title">
        <h2 id="solved-title" className="mb-3 text-lg font-semibold text-gray-800">
          {t("user.solvedList", { n: info.solvedList.length })}
        </h2>
        {difficulties.length === 0 ? (
          <p className="text-gray-600">{t("user.noSolved")}</p>
        ) : (
          <div className="flex flex-col gap-3">
            <ul className="flex flex-wrap gap-3 text-sm" aria-label={t("user.byDifficulty")}>
              {difficulties.map((d) => (
                <li key={d} className="flex items-center gap-1" data-difficulty-count={d}>
                  <DifficultyTag difficulty={d} />
                  <span>{info.solvedGroupByDifficulty[d].length}</span>
                </li>
              ))}
            </ul>
            {difficulties.map((d) => (
              <div key={d}>
                <h3 className="sr-only">
                  <DifficultyTag difficulty={d} />
                </h3>
                <ul className="flex flex-wrap gap-2">
                  {info.solvedGroupByDifficulty[d].map((p) => (
                    <li key={p.id}>
                      <Link to={`/problem/${encodeURIComponent(p.problemId)}`} className="rounded border px-2 py-0.5 text-sm text-brand underline" data-solved={p.problemId}>
                        {p.problemId}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
