import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import Backend from "i18next-http-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import i18n from "./i18n";
import { documentRequestId, RequestIdProvider } from "./lib/request-id";

async function hydrate() {
  const base = (window as unknown as { __remixContext?: { basename?: string } }).__remixContext?.basename ?? "/";
  const lng = document.documentElement.lang || i18n.fallbackLng;
  const version = document.documentElement.dataset.localesVersion ?? "";
  await i18next
    .use(initReactI18next)
    .use(Backend)
    .init({
      ...i18n,
      lng,
      ns: Array.from(new Set([...i18n.ns, ...getInitialNamespaces()])),
      backend: { loadPath: `${base.replace(/\/$/, "")}/locales/{{lng}}/{{ns}}.json?v=${version}` },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <RequestIdProvider value={documentRequestId()}>
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </I18nextProvider>
      </RequestIdProvider>,
    );
  });
}

if (window.requestIdleCallback) {
  window.requestIdleCallback(hydrate);
} else {
  window.setTimeout(hydrate, 1);
}
