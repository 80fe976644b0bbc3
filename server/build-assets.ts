import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request, RequestHandler } from "express";

// The browser build's scripts and styles (public/build). Their names carry a content hash, so each
// is compressed once per server process, at the strongest settings (brotli 11, gzip 9), and kept
// in memory; every later request gets the stored bytes with a Content-Length. Served ahead of the
// page middleware, with only the headers that matter for a script or style sheet (type, length,
// encoding, caching, nosniff): a document's security policy, framing rules or request id on each
// of them would be a kilobyte of headers per file, more than many of the files themselves.

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

// JavaScript's registered type (RFC 9239); module scripts are always read as UTF-8.
const TYPES: Record<string, string> = {
  ".js": "text/javascript",
  ".css": "text/css; charset=utf-8",
};

export type Encoding = "br" | "gzip" | "identity";

/** The best encoding an Accept-Encoding header allows: brotli, then gzip, then none. */
export function pickEncoding(header: string | undefined): Encoding {
  const q: Record<string, number> = {};
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q[name] = Number.isFinite(value) ? value : 0;
  }
  const of = (name: string) => q[name] ?? q["*"] ?? 0;
  const br = of("br");
  const gz = of("gzip");
  if (br > 0 && br >= gz) return "br";
  if (gz > 0) return "gzip";
  return "identity";
}

interface Entry {
  mtime: number;
  body: Buffer;
  type: string;
  encoded: Partial<Record<Exclude<Encoding, "identity">, Promise<Buffer>>>;
}

export interface BuildAssets {
  handler: RequestHandler;
  /** Compresses every file ahead of its first request (a few seconds of one core). */
  warm(): Promise<void>;
}

/**
 * @param root public/build
 * @param rewrite changes a file's text before it is served (the base path's asset URLs)
 */
export function buildAssets(root: string, rewrite?: (text: string) => string): BuildAssets {
  const cache = new Map<string, Entry>();

  async function entryOf(file: string): Promise<Entry | null> {
    const type = TYPES[path.extname(file)];
    if (!type) return null;
    let mtime: number;
    try {
      const st = await stat(file);
      if (!st.isFile()) return null;
      mtime = st.mtimeMs;
    } catch {
      return null;
    }
    const hit = cache.get(file);
    if (hit && hit.mtime === mtime) return hit;
    const raw = await readFile(file);
    const entry: Entry = { mtime, type, body: rewrite ? Buffer.from(rewrite(raw.toString("utf8"))) : raw, encoded: {} };
    // A development server rebuilds many times: forget files of older builds now and then.
    if (cache.size > 2000) cache.clear();
    cache.set(file, entry);
    return entry;
  }

  function encoded(entry: Entry, encoding: Exclude<Encoding, "identity">): Promise<Buffer> {
    entry.encoded[encoding] ??=
      encoding === "br"
        ? brotli(entry.body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
            },
          })
        : gzip(entry.body, { level: zlib.constants.Z_BEST_COMPRESSION, memLevel: 9 });
    const done = entry.encoded[encoding];
    // A failure is not kept: the next request tries again.
    done.catch(() => {
      if (entry.encoded[encoding] === done) delete entry.encoded[encoding];
    });
    return done;
  }

  function fileOf(req: Request): string | null {
    let rel: string;
    try {
      rel = decodeURIComponent(req.path);
    } catch {
      return null;
    }
    const file = path.join(root, path.normalize(rel));
    return file.startsWith(root + path.sep) ? file : null;
  }

  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = fileOf(req);
    if (!file || !TYPES[path.extname(file)]) return next();
    void (async () => {
      const entry = await entryOf(file);
      if (!entry) return next();
      const encoding = pickEncoding(req.headers["accept-encoding"]);
      const body = encoding === "identity" ? entry.body : await encoded(entry, encoding);
      res.status(200);
      res.setHeader("Content-Type", entry.type);
      res.setHeader("Content-Length", body.length);
      if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Cache-Control", "max-age=31536000, immutable");
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.end(req.method === "HEAD" ? undefined : body);
    })().catch(next);
  };

  async function warm() {
    const walk = async (dir: string): Promise<string[]> => {
      const out: string[] = [];
      for (const d of await readdir(dir, { withFileTypes: true })) {
        const p = path.join(dir, d.name);
        if (d.isDirectory()) out.push(...(await walk(p)));
        else if (TYPES[path.extname(d.name)]) out.push(p);
      }
      return out;
    };
    // One file at a time: requests meanwhile share the work already done or under way.
    for (const file of await walk(root)) {
      const entry = await entryOf(file);
      if (!entry) continue;
      await encoded(entry, "gzip");
      await encoded(entry, "br");
    }
  }

  return { handler, warm };
}
