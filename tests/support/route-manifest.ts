import { defineRoutes, type RouteManifestEntry } from "@remix-run/dev/dist/config/routes.js";
import config from "../../remix.config.js";

// The site's routes as Remix reads them from remix.config.js (feature folders included), for the
// tests that go through every route file: each entry with its file under app/, its full address
// pattern and its parents (outermost first, the root layout left out).

export interface RouteFile {
  id: string;
  /** Under app/, e.g. "routes/contest+/$contestId.problems.tsx". */
  file: string;
  /** The whole address pattern, e.g. "/contest/:contestId/problems" ("/" for the home index). */
  pattern: string;
  index: boolean;
  /** The layouts around it, outermost first (not the root). */
  parents: RouteFile[];
}

type Config = { routes: (define: typeof defineRoutes) => Promise<Record<string, RouteManifestEntry>> };

export async function routeFiles(): Promise<RouteFile[]> {
  const manifest = await (config as unknown as Config).routes(defineRoutes);
  const built = new Map<string, RouteFile>();
  const build = (id: string): RouteFile => {
    const known = built.get(id);
    if (known) return known;
    const entry = manifest[id];
    const parent = entry.parentId && entry.parentId !== "root" ? build(entry.parentId) : null;
    const base = parent ? parent.pattern.replace(/\/$/, "") : "";
    const own = entry.path ? `/${entry.path}` : "";
    const route: RouteFile = {
      id,
      file: entry.file,
      pattern: `${base}${own}` || "/",
      index: !!entry.index,
      parents: parent ? [...parent.parents, parent] : [],
    };
    built.set(id, route);
    return route;
  };
  return Object.keys(manifest).map(build);
}
