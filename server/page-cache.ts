import type { NextFunction, Request, RequestHandler, Response } from "express";

// Rendered copies of anonymous list pages. The problem list and the submission list are the same
// for every visitor without a session asking the same address in the same language, so each web
// process keeps the whole HTML of such a page for a few seconds and answers the next such visitors
// with it. A copy is served only while the versions of what the page shows (kept in Redis by the
// application, app/services/platform/page-cache.server.ts) are those it was rendered under: a write
// that changes the page (an admin's problem or tag write, a submission, a verdict, the site's
// settings) is seen by the next visitor of every process. Concurrent visitors of a page that is
// not kept wait for one rendering instead of each rendering it.
//
// What may be kept is decided here alone: `pageRule` (which requests) and `storable` (which
// answers). The per-response parts of a page (its script nonce, its request id) are put back fresh
// into every copy served.

/** What an anonymous list page shows, each with a version the application replaces on a write. */
export type PageArea = "problems" | "submissions" | "discussions" | "site";

/** What the cache asks of the application (its server build's `pageCacheHooks`). */
export interface PageCacheHooks {
  language(url: string, headers: { cookie?: string; acceptLanguage?: string }): Promise<string>;
  versions(areas: readonly PageArea[]): Promise<string[] | null>;
}

interface PageRule {
  areas: readonly PageArea[];
  /** The only query parameters such a page may carry (its filters), anything else is rendered. */
  query: ReadonlySet<string>;
}

/** The pages kept, by path under the base path. */
const PAGES: ReadonlyMap<string, PageRule> = new Map([
  [
    "/problem",
    {
      areas: ["problems", "site"],
      query: new Set(["keyword", "difficulty", "oj", "tagId", "tagSearch", "currentPage", "limit", "l"]),
    },
  ],
  [
    "/status",
    {
      // Hiding a problem hides its submissions from the list.
      areas: ["submissions", "problems", "site"],
      query: new Set(["onlyMine", "status", "problemID", "username", "currentPage", "limit", "l"]),
    },
  ],
  ["/discussion", { areas: ["discussions", "site"], query: new Set(["keyword", "cid", "currentPage", "l"]) }],
]);

/** Cookies that leave a page the same for everyone: the stored language choice (part of the key). */
const NEUTRAL_COOKIES: ReadonlySet<string> = new Set(["oj_lng"]);

/** Only the request ids this server makes are put back into a copy (a client's could be any word). */
const OWN_REQUEST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Headers of the rendered answer a copy keeps; the others are made for each response. */
const KEPT_HEADERS = ["content-type", "content-language", "link"] as const;

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((c) => c.slice(0, c.includes("=") ? c.indexOf("=") : c.length).trim())
    .filter((n) => n !== "");
}

/**
 * The rule of the page a request may be answered from a copy of, or null: a GET of a kept page,
 * with only that page's filters in its query (so no `_data`, no modal), no session, flash or other
 * cookie but the language choice, and no credentials.
 */
export function pageRule(req: Pick<Request, "method" | "path" | "query" | "headers">): PageRule | null {
  if (req.method !== "GET") return null;
  const rule = PAGES.get(req.path);
  if (!rule) return null;
  if (Object.keys(req.query).some((k) => !rule.query.has(k))) return null;
  if (req.headers.authorization !== undefined) return null;
  if (cookieNames(req.headers.cookie).some((n) => !NEUTRAL_COOKIES.has(n))) return null;
  return rule;
}

/** Whether a rendered answer may be kept: a whole 200 HTML page that sets no cookie. */
export function storable(res: Pick<Response, "statusCode" | "getHeader">): boolean {
  if (res.statusCode !== 200) return false;
  if (res.getHeader("set-cookie") !== undefined) return false;
  const type = res.getHeader("content-type");
  if (typeof type !== "string" || !type.startsWith("text/html")) return false;
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  return !/no-store|private/.test(cacheControl);
}

type Token = "nonce" | "requestId";

interface Copy {
  tag: string;
  storedAt: number;
  bytes: number;
  /** The page split at its per-response tokens: parts[0] token[0] parts[1] … */
  parts: string[];
  tokens: Token[];
  headers: Array<[string, string]>;
}

export interface PageCacheOptions {
  hooks: () => PageCacheHooks | undefined;
  /** How long a copy is served without rendering the page again; 0 turns the cache off. */
  ttlMs: number;
  /** The most the copies of this process may weigh together. */
  maxBytes: number;
}

/** How long visitors wait for another request's rendering of the same page before rendering it. */
const WAIT_FOR_RENDER_MS = 10_000;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function split(body: string, values: Record<Token, string | null>): Pick<Copy, "parts" | "tokens"> {
  const named = (Object.entries(values) as Array<[Token, string | null]>).filter((e): e is [Token, string] => !!e[1]);
  if (named.length === 0) return { parts: [body], tokens: [] };
  const byValue = new Map(named.map(([t, v]) => [v, t]));
  const re = new RegExp(named.map(([, v]) => escapeRegExp(v)).join("|"), "g");
  const parts: string[] = [];
  const tokens: Token[] = [];
  let at = 0;
  for (const m of body.matchAll(re)) {
    parts.push(body.slice(at, m.index));
    tokens.push(byValue.get(m[0])!);
    at = m.index + m[0].length;
  }
  parts.push(body.slice(at));
  return { parts, tokens };
}

export function pageCache(opts: PageCacheOptions): RequestHandler {
  const copies = new Map<string, Copy>();
  const rendering = new Map<string, { tag: string; done: Promise<Copy | null> }>();
  let bytes = 0;
  const maxEntryBytes = Math.max(64 * 1024, Math.floor(opts.maxBytes / 8));

  const drop = (key: string) => {
    const c = copies.get(key);
    if (!c) return;
    copies.delete(key);
    bytes -= c.bytes;
  };
  const keep = (key: string, copy: Copy) => {
    drop(key);
    copies.set(key, copy);
    bytes += copy.bytes;
    // Least recently used first (a hit moves a copy to the end).
    for (const k of copies.keys()) {
      if (bytes <= opts.maxBytes) break;
      drop(k);
    }
  };

  const serve = (req: Request, res: Response, copy: Copy, how: "hit" | "stale") => {
    const nonce = String(res.locals.nonce ?? "");
    const values: Record<Token, string> = { nonce, requestId: String(req.id) };
    let body = copy.parts[0];
    for (let i = 0; i < copy.tokens.length; i++) body += values[copy.tokens[i]] + copy.parts[i + 1];
    res.statusCode = 200;
    for (const [name, value] of copy.headers) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", how);
    res.setHeader("Content-Length", Buffer.byteLength(body));
    res.end(body);
  };

  /** Lets this request's rendering through and keeps it when `storable` allows. */
  const capture = (req: Request, res: Response, key: string, tag: string): void => {
    // The page must not depend on where this visitor came from (the 404 page's Back link).
    delete req.headers.referer;
    let resolve!: (c: Copy | null) => void;
    const done = new Promise<Copy | null>((r) => (resolve = r));
    rendering.set(key, { tag, done });
    const settle = (c: Copy | null) => {
      if (rendering.get(key)?.done === done) rendering.delete(key);
      resolve(c);
    };
    const chunks: Buffer[] = [];
    let size = 0;
    let overflow = false;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (overflow || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buf = typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);
      size += buf.length;
      if (size > maxEntryBytes) overflow = true;
      else chunks.push(buf);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    (res as unknown as { write: (...args: unknown[]) => boolean }).write = (...args: unknown[]) => {
      collect(args[0], args[1]);
      return write(...args);
    };
    (res as unknown as { end: (...args: unknown[]) => Response }).end = (...args: unknown[]) => {
      collect(args[0], args[1]);
      return end(...args);
    };
    res.setHeader("X-Page-Cache", "miss");
    res.on("finish", () => {
      const nonce = typeof res.locals.nonce === "string" && res.locals.nonce.length >= 16 ? res.locals.nonce : null;
      if (overflow || !nonce || !storable(res)) return settle(null);
      const body = Buffer.concat(chunks).toString("utf8");
      const requestId = OWN_REQUEST_ID.test(String(req.id)) ? String(req.id) : null;
      const headers: Array<[string, string]> = [];
      for (const name of KEPT_HEADERS) {
        const v = res.getHeader(name);
        if (v !== undefined) headers.push([name, Array.isArray(v) ? v.join(", ") : String(v)]);
      }
      const copy: Copy = { tag, storedAt: Date.now(), bytes: size, headers, ...split(body, { nonce, requestId }) };
      keep(key, copy);
      settle(copy);
    });
    res.on("close", () => settle(null));
  };

  const handler = async (req: Request, res: Response, next: NextFunction) => {
    const rule = opts.ttlMs > 0 ? pageRule(req) : null;
    const hooks = rule ? opts.hooks() : undefined;
    if (!rule || !hooks) return next();
    let versions: string[] | null;
    let language: string;
    try {
      [versions, language] = await Promise.all([
        hooks.versions(rule.areas),
        hooks.language(`http://localhost${req.originalUrl}`, { cookie: req.headers.cookie, acceptLanguage: req.headers["accept-language"] }),
      ]);
    } catch {
      return next();
    }
    // Without Redis nobody could tell this process of a write: pages are rendered each time.
    if (!versions) return next();
    const tag = versions.join(" ");
    const key = `${language}\n${req.originalUrl}`;
    let copy = copies.get(key);
    if (copy && copy.tag !== tag) {
      drop(key);
      copy = undefined;
    }
    if (copy && Date.now() - copy.storedAt < opts.ttlMs) {
      copies.delete(key);
      copies.set(key, copy);
      return serve(req, res, copy, "hit");
    }
    const pending = rendering.get(key);
    if (pending && pending.tag === tag) {
      // Nothing changed but the time: the last copy while another request renders the next one.
      if (copy) return serve(req, res, copy, "stale");
      const rendered = await Promise.race([pending.done, new Promise<null>((r) => setTimeout(() => r(null), WAIT_FOR_RENDER_MS).unref())]);
      if (rendered && !res.headersSent && !req.destroyed) return serve(req, res, rendered, "hit");
      return next();
    }
    capture(req, res, key, tag);
    next();
  };

  return (req: Request, res: Response, next: NextFunction) => {
    handler(req, res, next).catch(next);
  };
}
