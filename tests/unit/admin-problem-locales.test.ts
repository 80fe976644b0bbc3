import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every key the problem administration uses exists in both languages, and both have the same keys.

type Tree = { [k: string]: string | Tree };
const load = (lng: string) => JSON.parse(readFileSync(`locales/${lng}/admin-problem.json`, "utf8")) as Tree;

function keys(t: Tree, prefix = ""): string[] {
  return Object.entries(t).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}

function files(dir: string, filter: (p: string) => boolean): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? files(p, filter) : filter(p) ? [p] : [];
  });
}

const SOURCES = [
  ...files("app/services", (p) => /(problem-|tags|testcase-upload|import\/|spj-compile)/.test(p)),
  ...files("app/components/admin-problem", () => true),
  ...files("app/routes", (p) => /(admin\.problem|ojapi\.(admin\.(problem|tag)|file\.))/.test(p)),
];

describe("admin-problem translations", () => {
  const en = new Set(keys(load("en")));
  const zh = new Set(keys(load("zh-CN")));

  it("has the same keys in English and Chinese", () => {
    expect([...en].filter((k) => !zh.has(k))).toEqual([]);
    expect([...zh].filter((k) => !en.has(k))).toEqual([]);
  });

  it("has every key the code uses", () => {
    const used = new Set<string>();
    for (const file of SOURCES) {
      const src = readFileSync(file, "utf8");
      for (const m of src.matchAll(/admin-problem:([\w.]+\w)(?![\w.]*\$\{)/g)) used.add(m[1]);
      for (const m of src.matchAll(/\bE\("(\w+)"\)/g)) used.add(`errors.${m[1]}`);
      for (const m of src.matchAll(/new (?:ProblemAdminError|TagError)\("(\w+)"/g)) used.add(`errors.${m[1]}`);
      for (const m of src.matchAll(/key: "((?:errors|import\.warnings)\.\w+)"/g)) used.add(m[1]);
      for (const m of src.matchAll(/ImportParseError\("([\w.]+)"/g)) used.add(m[1]);
      if (file.endsWith(".tsx")) for (const m of src.matchAll(/\bt\("([\w.]+)"/g)) used.add(m[1]);
    }
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((k) => !en.has(k)).sort()).toEqual([]);
  });
});
