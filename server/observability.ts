import type { ServerBuild } from "@remix-run/node";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import express, { type NextFunction, type Request, type Response } from "express";
import { metricsAccess } from "../app/lib/metrics-access";

// What server.ts adds for running the site: /readyz (the store and Redis answer), /metrics
// (Prometheus, for the addresses of METRICS_ALLOW or the METRICS_TOKEN; README, "Metrics and
// alerts") and the time of every request by the route that answered it. The values come from the
// server build (serverHooks), which holds the connections and the metrics.

export interface ObservabilityHooks {
  ready(): Promise<{ ready: boolean; checks: Record<string, string> }>;
  metrics(): Promise<{ contentType: string; text: string }>;
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
}

type Routes = ServerBuild["routes"];

/** The Remix route tree of a build, for matching paths to route ids (as Remix matches them). */
function routeTree(routes: Routes, parentId: string | undefined = undefined): AgnosticRouteObject[] {
  return Object.values(routes)
    .filter((r) => r !== undefined && r.parentId === parentId)
    .map((r) => (r!.index ? { id: r!.id, index: true, path: r!.path } : { id: r!.id, path: r!.path, children: routeTree(routes, r!.id) }));
}

/**
 * The label of a request's route: the id of the Remix route that answers its path
 * ("routes/problem+/$problemId"), "assets" for the browser build and other static files, or the
 * path itself for the few fixed endpoints of this file.
 */
export function routeLabeller(getRoutes: () => Routes | undefined, basePath: string): (req: Request) => string {
  let tree: AgnosticRouteObject[] = [];
  let treeOf: Routes | undefined;
  return (req) => {
    const path = req.originalUrl.split("?")[0];
    const inside = path.startsWith(basePath) ? `/${path.slice(basePath.length)}` : path;
    if (/^\/(healthz|readyz|metrics)$/.test(inside)) return inside;
    if (/^\/(build|locales)\//.test(inside)) return "assets";
    const routes = getRoutes();
    if (routes !== treeOf) {
      treeOf = routes;
      tree = routes ? routeTree(routes) : [];
    }
    const leaf = matchRoutes(tree, inside)?.at(-1)?.route;
    // A file of public/ (favicon.svg...) is served before Remix, whose catch-all would match it.
    if ((!leaf || leaf.path === "*") && /\.[a-z0-9]+$/i.test(inside)) return "assets";
    return leaf?.id ?? "unmatched";
  };
}

/** Times every request from its arrival to the end of its answer. */
export function requestTimer(hooks: () => ObservabilityHooks | undefined, label: (req: Request) => string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      hooks()?.observeRequest({ method: req.method, route: label(req), status: res.statusCode }, seconds);
    });
    next();
  };
}

/** /readyz and /metrics (mounted beside /healthz, under the base path). */
export function observabilityRoutes(hooks: () => ObservabilityHooks | undefined, env: Record<string, string | undefined>, warn: (msg: string) => void) {
  const access = metricsAccess(env.METRICS_ALLOW, env.METRICS_TOKEN, (entry) => warn(`METRICS_ALLOW entry ignored: ${entry} is not an address, a subnet or loopback`));
  const router = express.Router();
  router.get("/readyz", (_req, res, next) => {
    const h = hooks();
    if (!h) return res.status(503).json({ ready: false, checks: { web: "starting" } });
    h.ready().then((r) => res.status(r.ready ? 200 : 503).set("Cache-Control", "no-store").json(r), next);
  });
  router.get("/metrics", (req, res, next) => {
    // req.ip is the client as TRUST_PROXY allows: a visitor behind the site's proxy is not loopback.
    if (!access.allows(req.ip, req.headers.authorization)) return res.status(403).type("text/plain").send("forbidden");
    const h = hooks();
    if (!h) return res.status(503).type("text/plain").send("starting");
    h.metrics().then((m) => res.type(m.contentType).set("Cache-Control", "no-store").send(m.text), next);
  });
  return router;
}
