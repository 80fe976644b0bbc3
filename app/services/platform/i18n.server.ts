import path from "node:path";
import { createCookie } from "@remix-run/node";
import Backend from "i18next-fs-backend";
import { RemixI18Next } from "remix-i18next/server";
import i18n from "~/i18n";
import { LANGUAGE_COOKIE } from "~/lib/constants";
import { env } from "./env.server";

/** The stored language choice (spec: stored choice first, then ?l=, then the browser). */
export const languageCookie = createCookie(LANGUAGE_COOKIE, {
  path: env.basePath,
  sameSite: "lax",
  httpOnly: false,
  secure: env.cookieSecure,
  maxAge: 365 * 24 * 3600,
});

/** Translations are read from locales/ under the working directory (the project root). */
export const LOCALES_DIR = path.resolve(process.env.LOCALES_DIR ?? "locales");

export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages: i18n.supportedLngs,
    fallbackLanguage: i18n.fallbackLng,
    cookie: languageCookie,
    searchParamKey: "l",
    order: ["cookie", "searchParams", "header"],
  },
  i18next: {
    ...i18n,
    // A copy for each instance it creates (see app/i18n.ts).
    get ns() {
      return [...i18n.ns];
    },
    backend: { loadPath: path.join(LOCALES_DIR, "{{lng}}/{{ns}}.json") },
  },
  plugins: [Backend],
});

/** A translation function for server-side messages (validation errors, e-mails, API msg). */
export async function getT(request: Request, ns: string | readonly [string, ...string[]] = "common") {
  return i18nServer.getFixedT(request, ns);
}

/**
 * The Set-Cookie that keeps a language picked by `?l=` when the visitor has stored no choice, so
 * that the next page (a link, Reset, Refresh without `l`) stays in it; null when nothing is to be
 * stored (no valid `l`, or a stored choice, which comes first).
 */
export async function languageFromQueryCookie(request: Request): Promise<string | null> {
  const l = new URL(request.url).searchParams.get("l");
  if (!l || !(i18n.supportedLngs as readonly string[]).includes(l)) return null;
  const stored: unknown = await languageCookie.parse(request.headers.get("Cookie"));
  if (typeof stored === "string" && (i18n.supportedLngs as readonly string[]).includes(stored)) return null;
  return languageCookie.serialize(l);
}
