import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeFiles, type RouteFile } from "../support/route-manifest";

// Every translation key the code names exists in both languages, and every page lists the
// namespaces its components translate with (DEVELOPING.md, "Page weight": a page embeds only the
// namespaces of its route's handle). The code is read as text: literal keys only; keys built at
// run time (t(`judge:status.${s}`)) are checked where their families are defined.

type Tree = { [k: string]: string | Tree };

const LANGUAGES = ["en", "zh-CN"] as const;
const NAMESPACES = readdirSync("locales/en")
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.replace(/\.json$/, ""));

function flatten(t: Tree, prefix = ""): string[] {
  return Object.entries(t).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`)));
}

/** "ns:key" for every key of every namespace, per language. */
const KEYS = Object.fromEntries(
  LANGUAGES.map((lng) => [lng, new Set(NAMESPACES.flatMap((ns) => flatten(JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, "utf8")) as Tree).map((k) => `${ns}:${k}`)))]),
) as Record<(typeof LANGUAGES)[number], Set<string>>;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(p) ? [p] : [];
  });
}

/**
 * The code without comments (they quote keys as examples) and without Redis names, which share
 * the `judge:` prefix with the judge namespace: constants (`STATUS_CHANNEL = "judge:status"`) and
 * the stream protocol shared with judge-service, which translates nothing.
 */
function codeOf(file: string): string {
  if (file === path.join("app", "lib", "judge-protocol.ts")) return "";
  return readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "")
    .replace(/\b[A-Z][A-Z0-9_]*\s*=\s*"[\w-]+:[^"]*";/g, "");
}

const SOURCES = files("app").map((file) => ({ file, src: codeOf(file) }));
const NS = NAMESPACES.map((n) => n.replace(/-/g, "\\-")).join("|");

/** Namespaces named in a call's first argument list: "a" or ["a", "b"]. */
function namesIn(arg: string): string[] {
  return [...arg.matchAll(/"([\w-]+)"/g)].map((m) => m[1]).filter((n) => NAMESPACES.includes(n));
}

/** The namespaces a file translates with: useTranslation, getT, apiRoute lists, its handle. */
function namespacesOf(src: string): string[] {
  const out = new Set<string>(["common"]);
  for (const m of src.matchAll(/useTranslation\(([^)]*)\)/g)) namesIn(m[1]).forEach((n) => out.add(n));
  for (const m of src.matchAll(/getT\(\s*\w+\s*(?:,\s*([^)]*))?\)/g)) namesIn(m[1] ?? "").forEach((n) => out.add(n));
  for (const m of src.matchAll(/\},\s*(\[[^\]]*\])\s*\);?\s*$/gm)) namesIn(m[1]).forEach((n) => out.add(n));
  for (const m of src.matchAll(/i18n:\s*(\[[^\]]*\])/g)) namesIn(m[1]).forEach((n) => out.add(n));
  return [...out];
}

/** Keys with their namespace spelled out: "problem:goodLuck" wherever it stands. */
function prefixedKeys(src: string): string[] {
  return [...src.matchAll(new RegExp(`["'\`]((?:${NS}):[\\w.]*\\w)["'\`]`, "g"))].map((m) => m[1]);
}

/** Keys without a namespace, as the first argument of t() or of an error that carries a key. */
function plainKeys(src: string): string[] {
  const out: string[] = [];
  for (const m of src.matchAll(/\bt\(\s*"([\w.]+\w)"/g)) out.push(m[1]);
  for (const m of src.matchAll(/new (?:DomainError|SubmitError|JudgeActionError)\(\s*\d+,\s*"([\w.]+\w)"/g)) out.push(m[1]);
  for (const m of src.matchAll(/toast\.(?:success|error|warning|info)\(\s*"([\w.]+\w)"/g)) out.push(m[1]);
  return out.filter((k) => !k.includes(":"));
}

/** The admin-problem helpers whose argument is a key of that namespace. */
function adminProblemKeys(file: string, src: string): string[] {
  const out: string[] = [];
  if (/const E = \(key: string\) => `admin-problem:errors\.\$\{key\}`/.test(src)) {
    for (const m of src.matchAll(/\bE\("(\w+)"\)/g)) out.push(`errors.${m[1]}`);
  }
  for (const m of src.matchAll(/new (?:ProblemAdminError|TagError)\("(\w+)"/g)) out.push(`errors.${m[1]}`);
  if (file.includes(`${path.sep}import${path.sep}`) || file.includes("problem-import")) {
    for (const m of src.matchAll(/key: "((?:errors|import\.warnings)\.\w+)"/g)) out.push(m[1]);
    for (const m of src.matchAll(/ImportParseError\("([\w.]+)"/g)) out.push(m[1]);
  }
  return out.map((k) => `admin-problem:${k}`);
}

describe("translation keys used in app/", () => {
  it("finds the keys (the patterns still match the code)", () => {
    const total = SOURCES.reduce((n, { file, src }) => n + prefixedKeys(src).length + plainKeys(src).length + adminProblemKeys(file, src).length, 0);
    expect(total).toBeGreaterThan(500);
  });

  for (const lng of LANGUAGES) {
    it(`every key with its namespace exists in ${lng}`, () => {
      const missing = SOURCES.flatMap(({ file, src }) => [...prefixedKeys(src), ...adminProblemKeys(file, src)].filter((k) => !KEYS[lng].has(k)).map((k) => `${file}: ${k}`));
      expect(missing).toEqual([]);
    });

    it(`every key without a namespace exists in ${lng} in a namespace its file uses`, () => {
      const missing = SOURCES.flatMap(({ file, src }) => {
        const spaces = namespacesOf(src);
        return plainKeys(src)
          .filter((k) => !spaces.some((ns) => KEYS[lng].has(`${ns}:${k}`)))
          .map((k) => `${file}: ${k} (in ${spaces.join(", ")})`);
      });
      expect(missing).toEqual([]);
    });
  }
});

// ---- Namespaces a page declares ----

const pages = (await routeFiles()).filter((r) => r.file.endsWith(".tsx") && r.id !== "root");

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith("~/") ? path.join("app", spec.slice(2)) : spec.startsWith(".") ? path.join(path.dirname(from), spec) : null;
  if (!base) return null;
  for (const p of [base, `${base}.tsx`, `${base}.ts`, path.join(base, "index.tsx")]) if (existsSync(p) && statSync(p).isFile()) return p;
  return null;
}

/** Components a module loads with its page (static imports under app/components, followed through). */
function componentsOf(file: string, seen = new Set<string>()): Set<string> {
  const src = readFileSync(file, "utf8");
  for (const m of src.matchAll(/^import (?!type )[^;]*? from "([^"]+)";/gm)) {
    const target = resolveImport(file, m[1]);
    if (!target || !target.includes(`app${path.sep}components`) || seen.has(target)) continue;
    seen.add(target);
    componentsOf(target, seen);
  }
  return seen;
}

/** The namespaces a client module translates with: useTranslation arguments and keys spelled with theirs. */
function clientNamespaces(src: string, withPrefixes: boolean): string[] {
  const out = new Set<string>();
  for (const m of src.matchAll(/useTranslation\(([^)]*)\)/g)) namesIn(m[1]).forEach((n) => out.add(n));
  if (withPrefixes) for (const k of prefixedKeys(src)) out.add(k.split(":")[0]);
  return [...out];
}

function declaredBy(route: RouteFile): Set<string> {
  const out = new Set<string>(["common"]);
  // The layouts around a page ("admin" for "admin.problems") render with their handles.
  for (const layout of [...route.parents, route]) {
    const m = /handle(?::\s*\w+)?\s*=\s*\{[^}]*i18n:\s*(\[[^\]]*\])/.exec(readFileSync(path.join("app", layout.file), "utf8"));
    if (m) namesIn(m[1]).forEach((n) => out.add(n));
  }
  return out;
}

describe("namespaces of the pages", () => {
  // The modal's own namespace comes with the modal's chunk (AuthLauncher loads both when wanted).
  const LOADED_WITH_CHUNK = new Set(["auth"]);

  it("each page's handle lists every namespace its components translate with", () => {
    expect(pages.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const route of pages) {
      const file = path.join("app", route.file);
      const src = readFileSync(file, "utf8");
      if (!/export default function/.test(src)) continue;
      const declared = declaredBy(route);
      const used = new Map<string, string>();
      for (const ns of clientNamespaces(src, false)) used.set(ns, file);
      for (const c of componentsOf(file)) for (const ns of clientNamespaces(readFileSync(c, "utf8"), true)) if (!used.has(ns)) used.set(ns, c);
      for (const [ns, where] of used) if (!declared.has(ns) && !LOADED_WITH_CHUNK.has(ns)) missing.push(`${route.file}: ${ns} (used in ${where})`);
    }
    expect(missing).toEqual([]);
  });
});

describe("what pages can translate", () => {
  // Pages translate with app/lib/translation.tsx: a lookup and {{name}} interpolation. i18next's
  // plural keys (key_one, key_other), nesting ($t(...)) and formats ({{x, number}}) would show
  // untranslated there.
  it("uses only plain text and {{name}} placeholders", () => {
    for (const lng of LANGUAGES) {
      for (const ns of NAMESPACES) {
        const tree = JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, "utf8")) as Tree;
        for (const key of flatten(tree)) {
          // A plural form ("_one", "_other": app/lib/translation.tsx picks it by the count) beside
          // its plain key, which the languages without that form read.
          const plural = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
          if (plural) expect(flatten(tree), `${lng}/${ns}: ${key} without ${plural[1]}`).toContain(plural[1]);
          const text = key.split(".").reduce<Tree | string>((node, k) => (node as Tree)[k], tree) as string;
          expect(text, `${lng}/${ns}: ${key}`).not.toContain("$t(");
          for (const m of text.matchAll(/\{\{([^}]*)\}\}/g)) expect(m[1].trim(), `${lng}/${ns}: ${key}`).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
        }
      }
    }
  });
});
