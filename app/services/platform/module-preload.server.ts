import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { EDITOR_MODE_SOURCES, EDITOR_SOURCE, editorThemeSource } from "~/lib/editor-loading";
import type { LanguageInfo } from "~/lib/languages";
import { env } from "./env.server";
import { logger } from "./logger.server";

// Which browser modules a page will import later, so it can name them all in preload links and the
// browser fetches them in one round instead of one after another (a module's imports are only
// known once it has arrived). Read from the browser build's module graph, which `remix build`
// writes beside the server build (build/metafile.js.json): each output file with the source it was
// built from and the files it imports.

interface Metafile {
  outputs: Record<string, { entryPoint?: string; imports?: Array<{ path: string; kind: string }> }>;
}

const METAFILE = path.resolve("build/metafile.js.json");

let graph: { mtime: number; meta: Metafile } | null = null;
let warned = false;

function metafile(): Metafile | null {
  try {
    const mtime = statSync(METAFILE).mtimeMs;
    if (!graph || graph.mtime !== mtime) graph = { mtime, meta: JSON.parse(readFileSync(METAFILE, "utf8")) as Metafile };
    return graph.meta;
  } catch (err) {
    // Without it the page still works: the modules are fetched when imported.
    if (!warned) logger.warn({ err: (err as Error).message }, "no module graph of the browser build: editor modules are not preloaded");
    warned = true;
    graph = null;
    return null;
  }
}

function outputOf(meta: Metafile, matches: (entry: string) => boolean): string | null {
  for (const [file, out] of Object.entries(meta.outputs)) if (out.entryPoint && matches(out.entryPoint)) return file;
  return null;
}

/** A file and everything it imports statically, in import order (dependencies first). */
function closure(meta: Metafile, file: string, seen: Set<string>, out: string[]): void {
  if (seen.has(file)) return;
  seen.add(file);
  for (const i of meta.outputs[file]?.imports ?? []) if (i.kind === "import-statement" && i.path.endsWith(".js")) closure(meta, i.path, seen, out);
  out.push(file);
}

function url(file: string): string {
  // "public/build/_shared/x.js" is served as "<base path>build/_shared/x.js".
  return env.basePath + file.replace(/^public\//, "");
}

/**
 * The modules the problem page's code editor imports with this language mode and theme, as URLs,
 * without those the page's own route module already imports (Remix preloads them). Empty without
 * the module graph.
 */
export function editorModuleUrls(mode: LanguageInfo["mode"] | null, theme: string): string[] {
  const meta = metafile();
  if (!meta) return [];
  const editor = outputOf(meta, (e) => e.endsWith(EDITOR_SOURCE));
  if (!editor) return [];
  const routeModule = outputOf(meta, (e) => e.includes("routes/problem+/$problemId.tsx"));
  const loaded = new Set<string>();
  if (routeModule) closure(meta, routeModule, loaded, []);
  const wanted: string[] = [];
  const seen = new Set(loaded);
  closure(meta, editor, seen, wanted);
  const dynamic = (meta.outputs[editor].imports ?? []).filter((i) => i.kind === "dynamic-import").map((i) => i.path);
  const modeSource = mode ? EDITOR_MODE_SOURCES[mode] : null;
  const themeSource = editorThemeSource(theme);
  for (const file of dynamic) {
    const entry = meta.outputs[file]?.entryPoint ?? "";
    if ((modeSource && entry.includes(modeSource)) || entry.endsWith(themeSource)) closure(meta, file, seen, wanted);
  }
  return wanted.map(url);
}
