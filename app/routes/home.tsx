import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import type { RouteHandle } from "~/lib/route-handle";
import { getT } from "~/services/i18n.server";
import { siteRedirect } from "~/services/paths.server";
import { QUICK_START_MAX, resolveQuickStart } from "~/services/quick-start.server";
import { getCurrentUser } from "~/services/session.server";
import { getWebsiteConfig } from "~/services/site-config.server";
import { pageTitle } from "~/lib/meta";

// The home page. For now: a welcome card and the quick start (a problem ID opens the problem);
// announcements, carousel, recent problems and rankings come with their features.

export const handle: RouteHandle = { i18n: ["common"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [t, config, user] = await Promise.all([getT(request), getWebsiteConfig(), getCurrentUser(request)]);
  let quickStartError: string | null = null;
  const pid = url.searchParams.get("pid");
  if (pid !== null) {
    const found = await resolveQuickStart(pid, user);
    if (found.ok) return siteRedirect(`/problem/${encodeURIComponent(found.problemId)}`);
    quickStartError = found.error === "empty" ? t("home.quickStart.empty") : t("home.quickStart.notFound");
  }
  return json({
    title: t("home.title"),
    siteName: config.projectName,
    description: config.description,
    pid: pid ?? "",
    quickStartError,
    pidMaxLength: QUICK_START_MAX,
  });
}

export default function Home() {
  const { t } = useTranslation();
  const { siteName, description, pid, quickStartError, pidMaxLength } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto grid max-w-6xl gap-4 p-4 md:grid-cols-3">
      <section className="rounded-lg bg-white p-6 shadow-sm md:col-span-2" aria-labelledby="welcome-title">
        <h1 id="welcome-title" className="text-2xl font-semibold text-gray-800">
          {t("home.welcome", { name: siteName })}
        </h1>
        <p className="mt-3 whitespace-pre-line text-gray-600">{description || t("home.defaultDescription")}</p>
      </section>
      <section className="rounded-lg bg-white p-6 shadow-sm" aria-labelledby="quick-start-title">
        <h2 id="quick-start-title" className="text-lg font-semibold text-gray-800">
          {t("home.quickStart.title")}
        </h2>
        <p className="mt-1 text-sm text-gray-500">{t("home.quickStart.hint")}</p>
        <Form method="get" action="/home" className="mt-4 flex gap-2" noValidate>
          <label htmlFor="quick-start-pid" className="sr-only">
            {t("home.quickStart.label")}
          </label>
          <input
            id="quick-start-pid"
            name="pid"
            defaultValue={pid}
            maxLength={pidMaxLength}
            placeholder={t("home.quickStart.placeholder")}
            aria-invalid={quickStartError ? true : undefined}
            aria-describedby={quickStartError ? "quick-start-error" : undefined}
            className="min-w-0 flex-1 rounded border border-gray-300 px-3 py-2 text-sm focus:border-brand focus:outline-none"
          />
          <button type="submit" className="rounded bg-brand px-4 py-2 text-sm text-white hover:bg-brand-dark">
            {t("home.quickStart.go")}
          </button>
        </Form>
        {quickStartError ? (
          <p id="quick-start-error" role="alert" className="mt-2 text-sm text-yellow-700">
            {quickStartError}
          </p>
        ) : null}
      </section>
    </div>
  );
}
