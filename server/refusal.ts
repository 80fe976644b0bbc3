import { readFileSync } from "node:fs";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import type { Request, Response } from "express";
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES_SUPPORTED, type SiteLanguage } from "../app/lib/constants";

// Answers of the requests refused before they reach a page (a cross-site write, a body too large
// or of unknown length), in the visitor's language as the pages pick it (stored choice, ?l=, the
// browser): HOJ's envelope on /ojapi, a small page for a document, JSON for a script's fetch.

export interface Refusal {
  status: 403 | 411 | 413;
  /** A key of locales/<language>/common.json. */
  key: string;
  params?: Record<string, string | number>;
}

const languageCookie = createCookie(LANGUAGE_COOKIE);
const LOCALES_DIR = path.resolve(process.env.LOCALES_DIR ?? "locales");
const catalogues = new Map<SiteLanguage, Record<string, unknown>>();

function isSiteLanguage(v: unknown): v is SiteLanguage {
  return typeof v === "string" && (LANGUAGES_SUPPORTED as readonly string[]).includes(v);
}

async function languageOf(req: Request): Promise<SiteLanguage> {
  const stored: unknown = await languageCookie.parse(req.get("Cookie") ?? null).catch(() => null);
  if (isSiteLanguage(stored)) return stored;
  if (isSiteLanguage(req.query.l)) return req.query.l;
  const accepted = req.acceptsLanguages(...LANGUAGES_SUPPORTED);
  return isSiteLanguage(accepted) ? accepted : DEFAULT_LANGUAGE;
}

function translate(lng: SiteLanguage, key: string, params: Record<string, string | number> = {}): string {
  let catalogue = catalogues.get(lng);
  if (!catalogue) {
    catalogue = JSON.parse(readFileSync(path.join(LOCALES_DIR, lng, "common.json"), "utf8")) as Record<string, unknown>;
    catalogues.set(lng, catalogue);
  }
  const found = key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), catalogue);
  const text = typeof found === "string" ? found : key;
  return text.replace(/\{\{(\w+)\}\}/g, (all, name: string) => (name in params ? String(params[name]) : all));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(lng: SiteLanguage, status: number, message: string, home: string): string {
  const goHome = escapeHtml(translate(lng, "notFound.goHome"));
  return `<!doctype html>
<html lang="${lng}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${status} · ${escapeHtml(message)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2937;background:#f9fafb}
main{max-width:36rem;margin:0 auto;padding:4rem 1rem;text-align:center}
.code{font-size:3.5rem;font-weight:700;color:#6b7280;margin:0}
h1{font-size:1.25rem;font-weight:600;line-height:1.5;margin:1rem 0 2rem}
a{display:inline-block;padding:.5rem 1rem;border-radius:.25rem;background:#1d4ed8;color:#fff;text-decoration:none}
a:hover,a:focus-visible{background:#1e3a8a}
a:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
</style>
</head>
<body>
<main>
<p class="code">${status}</p>
<h1>${escapeHtml(message)}</h1>
<a href="${escapeHtml(home)}">${goHome}</a>
</main>
</body>
</html>`;
}

/** Whether the request is a browser's page load (not a script's fetch or a Remix data request). */
function wantsDocument(req: Request): boolean {
  if (req.query._data !== undefined) return false;
  const dest = req.get("Sec-Fetch-Dest");
  if (dest) return dest === "document" || dest === "iframe";
  return req.accepts(["html", "json"]) === "html";
}

/**
 * Sends the refusal. `basePath` is the site's ("/" or "/oj/"); `api` says the request is an /ojapi
 * call. The body is never read: Node discards what the client still sends.
 */
export async function refuse(req: Request, res: Response, refusal: Refusal, opts: { basePath: string; api: boolean }): Promise<void> {
  const lng = await languageOf(req);
  const msg = translate(lng, refusal.key, refusal.params);
  res.status(refusal.status).set("Cache-Control", "no-store");
  if (opts.api) res.json({ status: refusal.status, msg, data: null });
  else if (wantsDocument(req)) res.type("html").send(page(lng, refusal.status, msg, `${opts.basePath}home`));
  else res.json({ status: refusal.status, msg });
}
