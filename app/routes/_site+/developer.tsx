import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/translation";
import { getT } from "~/services/platform/i18n.server";
import { getWebsiteConfig } from "~/services/site/config.server";

// /developer (spec section 2): what the site is and how it is built, with a link to the help page.

export const handle: RouteHandle = { i18n: ["common", "help"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function loader({ request }: LoaderFunctionArgs) {
  const [t, config] = await Promise.all([getT(request, ["help", "common"]), getWebsiteConfig()]);
  return json({ title: t("help:developer.title"), siteName: config.projectName });
}

const STACK = ["web", "store", "judge", "api"] as const;

export default function Developer() {
  const { t } = useTranslation(["help", "common"]);
  const { siteName } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl p-4">
      <section className="rounded-lg bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-semibold text-gray-800">{t("help:developer.title")}</h1>
        <p className="mt-3 text-gray-700">{t("help:developer.intro", { name: siteName })}</p>
        <h2 className="mt-5 text-lg font-semibold text-gray-800">{t("help:developer.stackTitle")}</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-gray-700">
          {STACK.map((k) => (
            <li key={k}>{t(`help:developer.stack.${k}`)}</li>
          ))}
        </ul>
        <p className="mt-5">
          <Link to="/introduction" className="text-brand underline">
            {t("help:developer.helpLink")}
          </Link>
        </p>
      </section>
    </div>
  );
}
