import type { Request, RequestHandler } from "express";
import { refuse } from "./refusal";

// Anything the session cookie authenticates must come from the site's own pages. A browser sends
// the cookie along with a form or a fetch another site makes it send, but it also says where the
// request comes from (Origin, Sec-Fetch-Site), and a page cannot change those. So every request
// that may change state (not GET or HEAD) outside /ojapi is refused with 403 when its Origin is
// another origin (or "null": a sandboxed frame, a redirect from elsewhere) or when Sec-Fetch-Site
// says cross-site or same-site (a sibling subdomain). Requests without either header come from no
// browser (HOJ's tools, scripts, tests) and carry no one's cookie by accident, so they pass. The
// /ojapi calls authenticate by their token header alone, which no other site can make a browser
// send; they keep HOJ's methods (some of HOJ's state changes are GETs) and are not checked here.

const SAFE_METHODS = new Set(["GET", "HEAD"]);

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The origin the browser reached: the request's protocol and host, as a proxy Express trusts
 * (TRUST_PROXY) reports them in X-Forwarded-Proto and X-Forwarded-Host.
 */
function requestOrigin(req: Request): string | null {
  const trust = req.app.get("trust proxy fn") as (addr: string | undefined, i: number) => boolean;
  const forwarded = req.get("X-Forwarded-Host");
  const host = forwarded && trust(req.socket.remoteAddress, 0) ? forwarded.split(",")[0].trim() : req.get("Host");
  return host ? originOf(`${req.protocol}://${host}`) : null;
}

export function isCrossSite(req: Request, publicOrigin: string | null): boolean {
  const fetchSite = req.get("Sec-Fetch-Site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  const origin = req.get("Origin");
  if (origin === undefined) return false;
  const claimed = originOf(origin);
  return claimed === null || (claimed !== requestOrigin(req) && claimed !== publicOrigin);
}

/**
 * The same-origin rule, mounted under the base path. `publicUrl` (PUBLIC_URL) is the site's
 * address as visitors know it, also accepted when a proxy does not report the host it was asked for.
 */
export function sameOriginWrites(opts: { basePath: string; publicUrl?: string }): RequestHandler {
  const publicOrigin = opts.publicUrl ? originOf(opts.publicUrl) : null;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || req.path.startsWith("/ojapi/")) return next();
    if (!isCrossSite(req, publicOrigin)) {
      // Remix repeats a narrower form of this check on document POSTs (the Origin's host against
      // the Host or any X-Forwarded-Host, trusted or not) and answers 500 when it fails; this rule
      // decides, so the header it has judged goes no further.
      delete req.headers.origin;
      return next();
    }
    req.log?.warn({ origin: req.get("Origin"), fetchSite: req.get("Sec-Fetch-Site") }, "cross-site request refused");
    refuse(req, res, { status: 403, key: "errors.crossSite" }, { basePath: opts.basePath, api: false }).catch(next);
  };
}
