import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EDITOR_MODE_SOURCES } from "~/lib/editor-loading";
import { EDITOR_THEMES } from "~/lib/problem";
import { editorModuleUrls } from "~/services/platform/module-preload.server";

// The problem page names the code editor's modules in preload links, found in the browser build's
// module graph (needs `npx remix build`): the editor, what it imports, the language mode and theme
// asked for, and nothing the page's route module already brings.

interface Metafile {
  outputs: Record<string, { entryPoint?: string; imports?: Array<{ path: string; kind: string }> }>;
}
const meta = JSON.parse(readFileSync("build/metafile.js.json", "utf8")) as Metafile;
const entryOf = (url: string) => meta.outputs[`public${url}`]?.entryPoint ?? "";

describe("the editor's modules", () => {
  it("names each mode's source as the editor imports it", () => {
    const source = readFileSync("app/components/problem/editor/code-editor.ts", "utf8");
    for (const [mode, from] of Object.entries(EDITOR_MODE_SOURCES)) {
      const line = new RegExp(`^\\s*"?${mode}"?: \\(\\) => import\\("([^"]+)"\\)`, "m").exec(source);
      expect(line, mode).not.toBeNull();
      expect(`${line![1]}${line![1].includes("/mode/") ? "." : "/"}`, mode).toContain(from);
    }
  });

  it("are the editor, its imports, and the mode and theme asked for, each once", () => {
    const urls = editorModuleUrls("cpp", "solarized");
    expect(new Set(urls).size).toBe(urls.length);
    const entries = urls.map(entryOf);
    expect(entries.some((e) => e.endsWith("app/components/problem/editor/code-editor.ts"))).toBe(true);
    expect(entries.some((e) => e.includes("@codemirror/lang-cpp/"))).toBe(true);
    expect(entries.some((e) => e.endsWith("themes/solarized.ts"))).toBe(true);
    expect(entries.some((e) => e.includes("@codemirror/lang-java/") || e.endsWith("themes/dracula.ts"))).toBe(false);
    // CodeMirror's own modules come with them (the editor imports them statically).
    expect(urls.length).toBeGreaterThan(3);
    for (const u of urls) expect(u).toMatch(/^\/build\/_shared\/[\w.-]+\.js$/);
  });

  it("leave out what the problem page's route module imports already", () => {
    const route = Object.entries(meta.outputs).find(([, o]) => o.entryPoint?.includes("routes/problem+/$problemId.tsx"))!;
    const routeImports = new Set((route[1].imports ?? []).filter((i) => i.kind === "import-statement").map((i) => `/${i.path.replace(/^public\//, "")}`));
    for (const u of editorModuleUrls("python", "dracula")) expect(routeImports.has(u), u).toBe(false);
  });

  it("find every mode and theme", () => {
    for (const mode of Object.keys(EDITOR_MODE_SOURCES) as Array<keyof typeof EDITOR_MODE_SOURCES>) {
      const entries = editorModuleUrls(mode, "solarized").map(entryOf);
      expect(entries.some((e) => e.includes(EDITOR_MODE_SOURCES[mode])), mode).toBe(true);
    }
    for (const theme of EDITOR_THEMES) expect(editorModuleUrls(null, theme).map(entryOf).some((e) => e.endsWith(`themes/${theme}.ts`)), theme).toBe(true);
  });
});
