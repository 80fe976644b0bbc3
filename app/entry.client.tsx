import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import i18n from "./i18n";
import type { EmbeddedI18n } from "./lib/i18n-resources";

/** The translations the server embedded in the page (I18nResources in lib/i18n-resources.tsx). */
function readEmbeddedI18n(): EmbeddedI18n | null {
  try {
    return JSON.parse(document.getElementById("i18n-resources")?.textContent || "null") as EmbeddedI18n | null;
  } catch {
    return null;
  }
}

/**
 * Namespaces (and languages) that the embedded ones do not cover are fetched from /locales: a page
 * reached by a client-side navigation, the login modal, a language switch. A few lines instead of
 * an HTTP backend package; i18next retries a failed read.
 */
function fetchBackend(base: string, version: string): BackendModule {
  return {
    type: "backend",
    init() {},
    read(lng, ns, callback) {
      fetch(`${base}/locales/${lng}/${ns}.json?v=${version}`, { credentials: "same-origin" }).then(
        async (res) => {
          if (res.ok) callback(null, await res.json());
          else callback(new Error(`${res.status} for ${lng}/${ns}`), res.status >= 500);
        },
        (err: unknown) => callback(err as Error, true),
      );
    },
  };
}

async function hydrate() {
  const base = (window as unknown as { __remixContext?: { basename?: string } }).__remixContext?.basename ?? "/";
  const embedded = readEmbeddedI18n();
  const lng = embedded?.lng ?? (document.documentElement.lang || i18n.fallbackLng);
  const version = document.documentElement.dataset.localesVersion ?? "";
  await i18next
    .use(initReactI18next)
    .use(fetchBackend(base.replace(/\/$/, ""), version))
    .init({
      ...i18n,
      lng,
      ns: embedded ? Object.keys(embedded.resources) : [...i18n.ns],
      resources: embedded ? { [embedded.lng]: embedded.resources } : undefined,
      // Embedded namespaces are used as they are; others still come from the backend.
      partialBundledLanguages: true,
      // Every language has every key (a unit test checks): no second language to fetch.
      fallbackLng: false,
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

if (window.requestIdleCallback) {
  window.requestIdleCallback(hydrate);
} else {
  window.setTimeout(hydrate, 1);
}
