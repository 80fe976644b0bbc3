import { randomBytes } from "node:crypto";
import { i18nServer } from "./i18n.server";
import { logger } from "./logger.server";
import { redis, rkey } from "./redis.server";

// The store side of the rendered copies of anonymous list pages (server/page-cache.ts keeps the
// copies in each web process). What such a page shows belongs to areas; every write that changes
// an area replaces its version in Redis, and a copy is served only while the versions it was
// rendered under are still the current ones: the next visitor of every web process sees the write.
// Redis being down only costs the copies (pages are rendered each time).

/** What an anonymous list page shows: the bank's problems (and tags), submissions, discussions, site settings. */
export type PageArea = "problems" | "submissions" | "discussions" | "site";

function versionKey(area: PageArea): string {
  return rkey("page-version", area);
}

/** Called after a write that changes what anonymous list pages show; awaited by admin writes. */
export async function pagesChanged(...areas: PageArea[]): Promise<void> {
  if (areas.length === 0) return;
  const version = randomBytes(9).toString("base64url");
  try {
    await redis().mset(...areas.flatMap((a) => [versionKey(a), version]));
  } catch (err) {
    logger.warn({ err, areas }, "could not mark list pages changed");
  }
}

/** The current versions of the areas, in order ("-" for one never written); null without Redis. */
export async function pageVersions(areas: readonly PageArea[]): Promise<string[] | null> {
  if (areas.length === 0) return [];
  try {
    const values = await redis().mget(...areas.map(versionKey));
    return values.map((v) => v ?? "-");
  } catch {
    return null;
  }
}

/** What the web server's page cache asks of the application (exported by entry.server.tsx). */
export const pageCacheHooks = {
  /** The language a page for this request is rendered in (the same detection as the pages'). */
  async language(url: string, headers: { cookie?: string; acceptLanguage?: string }): Promise<string> {
    const h = new Headers();
    if (headers.cookie) h.set("Cookie", headers.cookie);
    if (headers.acceptLanguage) h.set("Accept-Language", headers.acceptLanguage);
    return i18nServer.getLocale(new Request(url, { headers: h }));
  },
  versions: pageVersions,
};
