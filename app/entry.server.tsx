import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import Backend from "i18next-fs-backend";
import { isbot } from "isbot";
import path from "node:path";
import { renderToPipeableStream } from "react-dom/server";
import i18n from "./i18n";
import { authModeFromSearch } from "./lib/auth-modes";
import type { FlashMessage } from "./lib/flash";
import { handleNamespaces } from "./lib/route-handle";
import { NonceProvider } from "./lib/nonce";
import { RequestIdProvider } from "./lib/request-id";
import { createTranslationStore, TranslationProvider } from "./lib/translation";
import { i18nServer, languageFromQueryCookie, LOCALES_DIR } from "./services/platform/i18n.server";
import { logger } from "./services/platform/logger.server";
import { withoutNulBytes } from "./services/platform/html-stream.server";
import "./lib/load-context";

export { serverHooks } from "./services/platform/server-hooks.server";
// server.ts wraps every route's loader and action with it: an unreachable store or Redis is a 503.
export { guardRouteModules } from "./http/outage.server";
// server/page-cache.ts asks which language a page is in and whether its rendered copy is current.
export { pageCacheHooks } from "./services/platform/page-cache.server";

const ABORT_DELAY = 10_000;

/** Data requests of client-side navigation keep a language picked by ?l= as documents do. */
export async function handleDataRequest(response: Response, { request }: { request: Request }): Promise<Response> {
  const keep = await languageFromQueryCookie(request);
  if (keep) response.headers.append("Set-Cookie", keep);
  return response;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const instance = createInstance();
  const lng = await i18nServer.getLocale(request);
  // A language picked by ?l= becomes the visitor's stored choice (spec: stored choice, then l).
  const keep = await languageFromQueryCookie(request);
  if (keep) responseHeaders.append("Set-Cookie", keep);
  // The namespaces of the routes of this page (the helper of remix-i18next names every route's).
  const ns = new Set<string>(i18n.ns);
  for (const match of remixContext.staticHandlerContext.matches) {
    for (const n of handleNamespaces(remixContext.routeModules[match.route.id]?.handle)) ns.add(n);
  }
  // The login modal, rendered open when the URL asks for it, and the namespaces of the messages
  // the page shows ("auth:login.welcome"): the page's embedded translations must cover them.
  if (authModeFromSearch(new URL(request.url).search)) ns.add("auth");
  const rootData = remixContext.staticHandlerContext.loaderData?.root as { flashes?: FlashMessage[] } | undefined;
  for (const f of rootData?.flashes ?? []) if (f.key.includes(":")) ns.add(f.key.slice(0, f.key.indexOf(":")));
  // A refusal that names its reason ("group:notMember", shown by the error page): its namespace too.
  for (const err of Object.values(remixContext.staticHandlerContext.errors ?? {})) {
    const reason = isRouteErrorResponse(err) && typeof err.data === "string" ? /^([a-z][\w-]*):[\w.]+$/.exec(err.data) : null;
    if (reason) ns.add(reason[1]);
  }
  await instance
    .use(Backend)
    .init({
      ...i18n,
      lng,
      ns: [...ns],
      backend: { loadPath: path.join(LOCALES_DIR, "{{lng}}/{{ns}}.json") },
    });

  // What the page's components translate with (and what the page embeds for the browser).
  const translations = createTranslationStore({
    lng,
    resources: Object.fromEntries([...ns].map((n) => [n, (instance.getResourceBundle(lng, n) as Record<string, unknown> | undefined) ?? {}])),
  });

  const userAgent = request.headers.get("user-agent");
  // Bots and no-JS clients get the whole document at once; browsers get it streamed.
  const readyEvent = userAgent && isbot(userAgent) ? "onAllReady" : "onShellReady";
  const nonce = loadContext?.nonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <RequestIdProvider value={loadContext?.requestId ?? ""}>
          <TranslationProvider store={translations}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </TranslationProvider>
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = withoutNulBytes();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A path with no route is a 404 for the visitor, not an error of the server.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logger.error({ err: error, url: request.url }, "unhandled error in a loader or action");
}
