import { useState } from "react";
import { useTranslation } from "./translation";

// The translations a page was rendered with travel inside the document, as a JSON data block (not
// a script: no nonce needed, nothing executed). The browser starts its translations (lib/translation.tsx) from them, so the page
// becomes interactive without first asking for translation files; namespaces a later page needs
// are fetched then. entry.client.tsx finds the block by its id without importing this module,
// which keeps the module in the layout's chunk instead of a file of its own on every page.

const I18N_RESOURCES_ID = "i18n-resources";

export interface EmbeddedI18n {
  lng: string;
  /** Namespace to its translations, in the page's language. */
  resources: Record<string, Record<string, unknown>>;
}

/** Rendered by the layout. In the browser it keeps the server's text as it is. */
export function I18nResources() {
  const { i18n } = useTranslation();
  const [json] = useState(() => {
    if (typeof document !== "undefined") return document.getElementById(I18N_RESOURCES_ID)?.textContent ?? "";
    const data: EmbeddedI18n = { lng: i18n.language, resources: Object.fromEntries(i18n.namespaces().map((ns) => [ns, i18n.getBundle(ns) ?? {}])) };
    // "<" escaped, so no text in a translation can close the element.
    return JSON.stringify(data).replace(/</g, "\\u003c");
  });
  return <script id={I18N_RESOURCES_ID} type="application/json" dangerouslySetInnerHTML={{ __html: json }} />;
}
