import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { DEFAULT_LANGUAGE } from "./lib/constants";
import type { EmbeddedI18n } from "./lib/i18n-resources";
import { createTranslationStore, TranslationProvider } from "./lib/translation";

/** The translations the server embedded in the page (I18nResources in lib/i18n-resources.tsx). */
function readEmbeddedI18n(): EmbeddedI18n | null {
  try {
    return JSON.parse(document.getElementById("i18n-resources")?.textContent || "null") as EmbeddedI18n | null;
  } catch {
    return null;
  }
}

function hydrate() {
  const base = ((window as unknown as { __remixContext?: { basename?: string } }).__remixContext?.basename ?? "/").replace(/\/$/, "");
  const embedded = readEmbeddedI18n();
  const version = document.documentElement.dataset.localesVersion ?? "";
  // Namespaces (and languages) the embedded ones do not cover are fetched from /locales: a page
  // reached by a client-side navigation, the login modal, a language switch.
  const store = createTranslationStore({
    lng: embedded?.lng ?? (document.documentElement.lang || DEFAULT_LANGUAGE),
    resources: embedded?.resources ?? {},
    load: async (lng, ns) => {
      const res = await fetch(`${base}/locales/${lng}/${ns}.json?v=${version}`, { credentials: "same-origin" });
      if (!res.ok) throw new Error(`${res.status} for ${lng}/${ns}`);
      return (await res.json()) as Record<string, unknown>;
    },
  });

  startTransition(() => {
    hydrateRoot(
      document,
      <TranslationProvider store={store}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </TranslationProvider>,
    );
  });
}

if (window.requestIdleCallback) {
  window.requestIdleCallback(hydrate);
} else {
  window.setTimeout(hydrate, 1);
}
