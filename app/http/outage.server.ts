import { json } from "@remix-run/node";
import { DomainError } from "~/services/errors.server";
import { logger } from "~/services/platform/logger.server";
import { unreachableService, type Service } from "~/services/platform/outage.server";
import { httpStatusOf } from "./status.server";

// The store or Redis unreachable, at the edge: every page and /ojapi call answers 503 with a
// translated message saying which ("unavailable" refusal), never a 500, a 401 or a hang, and the
// web server logs it (once per service every few seconds, with the number of answers in between).

export const OUTAGE_MESSAGES: Record<Service, string> = {
  store: "errors.storeUnavailable",
  redis: "errors.redisUnavailable",
};

/** Seconds a client is asked to wait before trying again (Retry-After). */
const RETRY_AFTER_S = 5;
const LOG_EVERY_MS = 10_000;
const logged: Record<Service, { at: number; since: number }> = { store: { at: 0, since: 0 }, redis: { at: 0, since: 0 } };

function report(service: Service, err: unknown, request: Request): void {
  const l = logged[service];
  const now = Date.now();
  if (now - l.at < LOG_EVERY_MS) {
    l.since++;
    return;
  }
  const what = service === "store" ? "the store" : "Redis";
  logger.error({ service, err: err instanceof Error ? err.message : String(err), url: request.url, answeredSinceLastLine: l.since }, `${what} is unreachable: answering 503`);
  l.at = now;
  l.since = 0;
}

/** The refusal an error stands for when it says the store or Redis cannot be reached (logged); else null. */
export function outageRefusal(err: unknown, request: Request): DomainError | null {
  const service = unreachableService(err);
  if (!service) return null;
  report(service, err, request);
  return new DomainError("unavailable", OUTAGE_MESSAGES[service]);
}

/** Headers of an "unavailable" answer. */
export function outageHeaders(): Record<string, string> {
  return { "Retry-After": String(RETRY_AFTER_S) };
}

type RouteFunction = (args: { request: Request }) => unknown;
type RouteModule = { loader?: RouteFunction; action?: RouteFunction };
interface RouteManifest {
  routes: Record<string, { module: RouteModule } | undefined>;
}

/**
 * A page's loader or action whose store or Redis is unreachable (or that refuses as "unavailable")
 * throws a 503 response carrying the message key, which the root error boundary shows translated.
 */
function guarded(fn: RouteFunction): RouteFunction {
  return async (args) => {
    try {
      return await fn(args);
    } catch (err) {
      if (err instanceof Response) throw err;
      const refusal = err instanceof DomainError ? (err.kind === "unavailable" ? err : null) : outageRefusal(err, args.request);
      if (!refusal) throw err;
      throw json({ message: refusal.message }, { status: httpStatusOf(refusal.kind), headers: outageHeaders() });
    }
  };
}

/** The server build with every route's loader and action guarded (server.ts applies it once per build). */
export function guardRouteModules<B extends RouteManifest>(build: B): B {
  const routes: RouteManifest["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const { loader, action } = route.module;
    routes[id] = {
      ...route,
      module: { ...route.module, ...(loader ? { loader: guarded(loader) } : {}), ...(action ? { action: guarded(action) } : {}) },
    };
  }
  return { ...build, routes };
}
