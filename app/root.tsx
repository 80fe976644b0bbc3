import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import stylesheet from "~/tailwind.css";
import { useNonce } from "~/lib/nonce";
import { withBase } from "~/lib/base-path";
import { i18nServer } from "~/services/i18n.server";
import { getCurrentUser } from "~/services/session.server";
import { getWebsiteConfig } from "~/services/site-config.server";
import { isAdminRole } from "~/services/permissions.server";
import { localesVersion } from "~/services/assets.server";
import { takeFlash } from "~/services/flash.server";
import { ToastRegion } from "~/components/ui/Toast";
import { AuthModal } from "~/components/auth/AuthModal";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: withBase(stylesheet) }];

export const handle = { i18n: ["common"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const [locale, user, config, flashes] = await Promise.all([
    i18nServer.getLocale(request),
    getCurrentUser(request),
    getWebsiteConfig(),
    takeFlash(request),
  ]);
  return json({
    locale,
    flashes,
    localesVersion: localesVersion(),
    config,
    user: user
      ? {
          uid: user._id,
          username: user.username,
          nickname: user.nickname,
          avatar: user.avatar,
          role: user.role,
          isAdmin: isAdminRole(user),
        }
      : null,
  });
}

export type RootLoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const locale = data?.locale ?? "zh-CN";
  return (
    <html lang={locale} data-locales-version={data?.localesVersion ?? ""}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { locale, flashes } = useLoaderData<typeof loader>();
  useChangeLanguage(locale);
  useTranslation();
  return (
    <>
      <ToastRegion initial={flashes} />
      <AuthModal />
      <Outlet />
    </>
  );
}
