import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useLanguage, useTranslation } from "~/lib/translation";
import stylesheet from "~/tailwind.css";
import { useNonce } from "~/lib/nonce";
import { I18nResources } from "~/lib/i18n-resources";
import { withBase } from "~/lib/base-path";
import type { FlashMessage } from "~/lib/flash";
import { noticeKey } from "~/lib/notices";
import { REQUEST_ID_META, useRequestId } from "~/lib/request-id";
import { useRouteNamespaces, type RouteHandle } from "~/lib/route-handle";
import { i18nServer } from "~/services/platform/i18n.server";
import { getCurrentUser } from "~/services/account/session.server";
import { pageApiToken } from "~/services/account/api-token.server";
import { API_TOKEN_META } from "~/lib/api-fetch";
import { getWebsiteConfig } from "~/services/site/config.server";
import { mayEnterAdminArea } from "~/services/access/policy.server";
import { localesVersion } from "~/services/platform/assets.server";
import { takeFlash } from "~/http/flash.server";
import { unreadCounts } from "~/services/community/messages.server";
import { sameSiteReferrer } from "~/http/route-guards.server";
import { ToastRegion } from "~/components/ui/Toast";
import { SkipLink } from "~/components/layout/SkipLink";
import { SiteFrame } from "~/components/layout/SiteFrame";
import type { FrameData } from "~/components/layout/types";
import { AuthLauncher } from "~/components/auth/AuthLauncher";
import { NotFound } from "~/components/layout/NotFound";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: withBase(stylesheet) },
  { rel: "icon", href: withBase("/favicon.svg"), type: "image/svg+xml" },
];

export const handle: RouteHandle = { i18n: ["common"] };

/** A page refused for an outage (app/http/outage.server.ts) tells the client when to try again. */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const retryAfter = errorHeaders?.get("Retry-After");
  const headers: Record<string, string> = {};
  if (retryAfter) headers["Retry-After"] = retryAfter;
  return headers;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.config.projectName ?? "" },
  ...(data?.config.description ? [{ name: "description", content: data.config.description }] : []),
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [locale, user, config, flashes] = await Promise.all([
    i18nServer.getLocale(request),
    getCurrentUser(request),
    getWebsiteConfig(),
    takeFlash(request),
  ]);
  const [unread, apiToken] = user ? await Promise.all([unreadCounts(user._id), pageApiToken(request)]) : [null, null];
  const params = new URL(request.url).searchParams;
  return json({
    locale,
    flashes,
    // A redirect may ask for a warning with ?notice= (only the names of lib/notices.ts). With the
    // login modal opened (login=1) the modal itself says "Please login first".
    notice: params.get("login") === "1" ? null : noticeKey(params.get("notice")),
    localesVersion: localesVersion(),
    // Where the 404 page's Back goes without JavaScript when a page finds nothing to show.
    back: sameSiteReferrer(request),
    config,
    unread,
    apiToken,
    user: user
      ? {
          uid: user._id,
          username: user.username,
          nickname: user.nickname,
          avatar: user.avatar,
          role: user.role,
          isAdmin: mayEnterAdminArea(user),
        }
      : null,
  });
}

export type RootLoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

function frameData(data: RootLoaderData): FrameData {
  return { user: data.user, config: data.config, unread: data.unread, locale: data.locale };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const requestId = useRequestId();
  // Without the root's data (its loader failed: the store is away), the language the page is
  // translated in.
  const { i18n } = useTranslation();
  const locale = data?.locale ?? i18n.language;
  // Effects run children first, so this one marks a document whose whole tree is interactive
  // (scripts and browser tests wait for html[data-hydrated] before using script-driven controls).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "1";
  }, []);
  return (
    <html lang={locale} data-locales-version={data?.localesVersion ?? ""}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name={REQUEST_ID_META} content={requestId} />
        {data?.apiToken ? <meta name={API_TOKEN_META} content={data.apiToken} /> : null}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <I18nResources />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The messages for the toast region: the one-time flashes, plus the ?notice= warning once per
 * visit of the page (not again each time its data is reloaded after a form on it is sent).
 */
function useToastMessages(flashes: FlashMessage[], notice: string | null): FlashMessage[] {
  const { key } = useLocation();
  const shownAt = useRef<string | null>(null);
  const last = useRef<{ flashes: FlashMessage[]; key: string; messages: FlashMessage[] } | null>(null);
  // The same array for the same data and page, so a re-render does not show anything twice.
  if (!last.current || last.current.flashes !== flashes || last.current.key !== key) {
    const withNotice = notice !== null && shownAt.current !== key;
    last.current = { flashes, key, messages: withNotice ? [...flashes, { type: "warning", key: notice }] : flashes };
  }
  useEffect(() => {
    if (notice !== null) shownAt.current = key;
  }, [notice, key]);
  return last.current.messages;
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  useLanguage(data.locale);
  useTranslation(useRouteNamespaces());
  const messages = useToastMessages(data.flashes, data.notice);
  // One container for the whole page: the login modal (a dialog in a portal beside it) makes
  // everything in it inert while open.
  return (
    <div data-app-root="">
      <SkipLink />
      <ToastRegion initial={messages} />
      <AuthLauncher signedIn={data.user !== null} registerOpen={data.config.register ?? true} />
      <SiteFrame data={frameData(data)}>
        <Outlet />
      </SiteFrame>
    </div>
  );
}

const OUTAGE_KEYS = new Set(["errors.storeUnavailable", "errors.redisUnavailable"]);

function outageKey(data: unknown): string {
  const key = (data as { message?: unknown } | null)?.message;
  return typeof key === "string" && OUTAGE_KEYS.has(key) ? key : "errors.unavailable";
}

/** A refusal's own reason, when the page threw its translation key ("group:notMember") as the body. */
const REASON_KEY = /^[a-z][\w-]*:[\w.]+$/;

/** What went wrong, for the error page: the message key, the refusal's own reason if it gave one. */
function describeError(error: unknown): { status: number; key: string; reason?: string } {
  if (isRouteErrorResponse(error)) {
    const status = error.status;
    if (status === 404) return { status, key: "notFound.text" };
    if (status === 401) return { status, key: "errors.pleaseLoginFirst" };
    const reason = typeof error.data === "string" && REASON_KEY.test(error.data) ? error.data : undefined;
    if (status === 403) return { status, key: "errors.forbidden", reason };
    if (status === 429) return { status, key: "errors.tooManyRequests" };
    if (status >= 400 && status < 500) return { status, key: "errors.badRequest", reason };
    // The store or Redis cannot be reached (app/http/outage.server.ts): which one, in the data.
    if (status === 503) return { status, key: outageKey(error.data) };
    return { status, key: "errors.server" };
  }
  return { status: 500, key: "errors.server" };
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const { status, key, reason } = describeError(error);
  const { t } = useTranslation(reason ? ["common", reason.slice(0, reason.indexOf(":"))] : undefined);
  const location = useLocation();
  const documentRequestId = useRequestId();
  // The id belongs to the document response: only meaningful while the first page is shown.
  const requestId = location.key === "default" ? documentRequestId : "";
  // A reason whose namespace has no such key (or has not arrived yet) falls back to the status's.
  const reasonText = reason ? t(reason) : "";
  const message = reason && reasonText !== reason.slice(reason.indexOf(":") + 1) ? reasonText : t(key);
  const showDetails = process.env.NODE_ENV === "development" && error instanceof Error;

  // A page that found nothing (an unknown problem, say) looks like any unknown path.
  if (status === 404) {
    const notFound = <NotFound back={data?.back ?? null} />;
    return data ? <SiteFrame data={frameData(data)}>{notFound}</SiteFrame> : notFound;
  }

  const content = (
    <div className="mx-auto max-w-xl px-4 py-16 text-center" data-error-page={status}>
      <p className="text-6xl font-bold text-gray-500">{status}</p>
      <h1 className="mt-4 text-xl font-semibold text-gray-800">{message}</h1>
      {requestId ? (
        <p className="mt-3 text-sm text-gray-600">
          {t("error.requestId")} <code className="select-all rounded bg-gray-100 px-1" data-request-id="">{requestId}</code>
        </p>
      ) : null}
      {status === 503 ? <p className="mt-1 text-sm text-gray-600">{t("error.tryAgainSoon")}</p> : status >= 500 ? <p className="mt-1 text-sm text-gray-600">{t("error.supportHint")}</p> : null}
      <div className="mt-8 flex justify-center gap-3">
        {status === 503 ? (
          <Link to={location.pathname + location.search} reloadDocument className="rounded border border-brand px-4 py-2 text-brand no-underline hover:bg-brand/10">
            {t("error.tryAgain")}
          </Link>
        ) : null}
        <Link to="/home" reloadDocument className="rounded bg-brand px-4 py-2 text-white no-underline hover:bg-brand-dark">
          {t("notFound.goHome")}
        </Link>
      </div>
      {showDetails ? (
        <pre className="mt-8 overflow-auto rounded bg-gray-900 p-4 text-left text-xs text-gray-100">{(error as Error).stack}</pre>
      ) : null}
    </div>
  );

  if (!data) return content;
  return <SiteFrame data={frameData(data)}>{content}</SiteFrame>;
}
