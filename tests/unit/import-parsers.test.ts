import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fpsMemoryLimit, fpsTimeLimit, parseFpsFile } from "~/services/problem/import/fps.server";
import { imageMime, imageMimeOfBytes } from "~/services/problem/import/common.server";
import { LANGUAGES } from "~/lib/languages";
import { parseHojArchive } from "~/services/problem/import/hoj.server";
import { hydroLanguage, parseHydroArchive, parseHydroMarkdown } from "~/services/problem/import/hydro.server";
import { parseQduojArchive } from "~/services/problem/import/qduoj.server";
import { parseMemory, parseTime } from "~/services/problem/import/common.server";

const FIXTURES = path.resolve("tests/fixtures/import");
let tmp = "";

/** Parsers may add files (empty answers): they work on a copy, as on an unpacked upload. */
async function copyOf(name: string): Promise<string> {
  const dest = path.join(tmp, `${name}-${Math.random().toString(36).slice(2)}`);
  await cp(path.join(FIXTURES, name), dest, { recursive: true });
  return dest;
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "oj-parse-"));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe("HOJ archive", () => {
  it("reads problem_<id>.json with its folder, tags, languages, templates and extra files", async () => {
    const list = await parseHojArchive(await copyOf("hoj"));
    expect(list.map((c) => c.label)).toEqual(["problem_1001.json", "problem_1002.json", "problem_1003.json"]);
    const [a, b, c] = list;
    expect(a.error).toBeUndefined();
    expect(a.problem).toMatchObject({
      problemId: "HOJ-1001",
      title: "A + B Problem",
      author: "root",
      examples: [
        { input: "1 2", output: "3" },
        { input: "-5 5", output: "0" },
      ],
      languages: ["C", "C++", "Java", "Python3"],
      newTags: ["Math", "Beginner"],
      codeTemplates: [{ language: "C", status: true }],
      cases: [
        { input: "1.in", output: "1.out" },
        { input: "2.in", output: "2.out" },
      ],
    });
    expect(path.basename(a.dir)).toBe("problem_1001");
    expect(b.problem).toMatchObject({
      judgeMode: "spj",
      spjLanguage: "C++",
      judgeCaseMode: "subtask_lowest",
      type: 1,
      userExtraFile: [{ name: "fraction.h", content: "struct frac { long long p, q; };\n" }],
      judgeExtraFile: [{ name: "testlib-note.txt" }],
      cases: [
        { input: "1.in", score: 40, groupNum: 1 },
        { input: "2.in", score: 60, groupNum: 2 },
        { input: "3.in", score: 60, groupNum: 2 },
      ],
    });
    expect(c.error).toEqual({ key: "errors.unknownLanguages", params: { names: "Whitespace" } });
  });

  it("refuses a problem whose test data folder is missing", async () => {
    const dir = await copyOf("hoj");
    await rm(path.join(dir, "problem_1001"), { recursive: true });
    const [a] = await parseHojArchive(dir);
    expect(a.error).toEqual({ key: "errors.hojFolderMissing", params: { name: "problem_1001" } });
  });
});

describe("Hydro archive", () => {
  it("reads statement sections, samples, subtasks, limits, languages and images", async () => {
    const list = await parseHydroArchive(await copyOf("hydro"));
    expect(list.map((c) => c.label)).toEqual(["1/", "2/", "3/", "4/"]);
    const p = list[0].problem;
    expect(p).toMatchObject({
      problemId: "P1000",
      title: "Sum of a Range",
      type: 1,
      timeLimit: 1000,
      memoryLimit: 128,
      judgeCaseMode: "subtask_lowest",
      languages: ["C", "C++ 17 With O2", "Python3"],
      newTags: ["Prefix sums", "Beginner"],
      examples: [{ input: "3 2\n1 2 3\n1 2\n2 3", output: "3\n5" }],
      cases: [
        { input: "small1.in", output: "small1.out", score: 40, groupNum: 1 },
        { input: "small2.in", output: "small2.out", score: 40, groupNum: 1 },
        { input: "large1.in", output: "large1.out", score: 60, groupNum: 2 },
      ],
    });
    expect(p.input).toContain("第一行两个整数");
    expect(p.output).toBe("对每个询问输出一行一个整数。");
    expect(p.hint).toContain("40\\%");
    expect(p.description).toContain("data:image/png;base64,iVBOR");
    expect(p.description).not.toContain("file://");
  });

  it("pairs files when there is no config, and reports unpaired ones", async () => {
    const [, echo] = await parseHydroArchive(await copyOf("hydro"));
    expect(echo.problem).toMatchObject({
      problemId: "",
      title: "Echo",
      description: "Read a line and print it back unchanged.",
      input: "",
      cases: [
        { input: "1.in", output: "1.out", score: 50 },
        { input: "2.in", output: "2.ans", score: 50 },
      ],
    });
    expect(echo.warnings).toEqual([{ key: "import.warnings.unpaired", params: { names: "3.in" } }]);
  });

  it("takes interactors and refuses types it cannot judge", async () => {
    const [, , guess, objective] = await parseHydroArchive(await copyOf("hydro"));
    expect(guess.problem).toMatchObject({ judgeMode: "interactive", spjLanguage: "C++", timeLimit: 1000, memoryLimit: 256 });
    expect(String(guess.problem.spjCode)).toContain("registerInteraction");
    expect(guess.problem.hint).toBe("At most 30 queries.");
    expect(objective.error).toEqual({ key: "errors.hydroTypeUnsupported", params: { type: "objective" } });
  });

  it("splits markdown by headings in both languages", () => {
    const s = parseHydroMarkdown("## Background\nOnce.\n## Description\nDo it.\n## Input Format\nA.\n## Output Format\nB.\n## Samples\n```input1\n1\n```\n```output1\n2\n```\n## Note\nN.\n## Extra\nE.");
    expect(s).toMatchObject({ description: "Once.\n\nDo it.\n\n## Extra\nE.", input: "A.", output: "B.", hint: "N.", examples: [{ input: "1", output: "2" }] });
  });

  it("maps Hydro language ids and units", () => {
    expect(hydroLanguage("cc.cc20o2")).toBe("C++ 20 With O2");
    expect(hydroLanguage("py.py2")).toBe("Python2");
    expect(hydroLanguage("pas")).toBeNull();
    expect(parseTime("1.5s")).toBe(1500);
    expect(parseTime("250ms")).toBe(250);
    expect(parseMemory("512k")).toBe(1);
    expect(parseMemory("1g")).toBe(1024);
    expect(parseMemory("256MB")).toBe(256);
  });
});

describe("QDUOJ archive", () => {
  it("reads problem.json with OI scores and templates", async () => {
    const [max] = await parseQduojArchive(await copyOf("qduoj"));
    expect(max.problem).toMatchObject({
      problemId: "QD-1",
      title: "Maximum of Three",
      description: "<p>Given three integers, print the largest.</p>",
      input: "<p>Three integers separated by spaces.</p>",
      type: 1,
      timeLimit: 1000,
      memoryLimit: 256,
      examples: [{ input: "1 5 3", output: "5" }],
      cases: [
        { input: "1.in", output: "1.out", score: 30 },
        { input: "2.in", output: "2.out", score: 70 },
      ],
      codeTemplates: [{ language: "C++", status: true }],
      newTags: ["Implementation"],
    });
  });

  it("gives special judge data without answers empty answer files", async () => {
    const dir = await copyOf("qduoj");
    const [, div] = await parseQduojArchive(dir);
    expect(div.problem).toMatchObject({ judgeMode: "spj", spjLanguage: "C", type: 0, newTags: ["Math", "implementation"] });
    expect(div.problem.cases).toEqual([
      { input: "1.in", output: "1.out", score: 50 },
      { input: "2.in", output: "2.out", score: 50 },
    ]);
    expect(await readFile(path.join(dir, "2", "testcase", "1.out"), "utf8")).toBe("");
  });
});

describe("FPS XML", () => {
  it("streams items, test data to files, images as data URLs, units converted", async () => {
    const work = path.join(tmp, "fps-work");
    const list = await parseFpsFile(path.join(FIXTURES, "fps", "problems.xml"), work);
    expect(list).toHaveLength(3);
    const [tri, root, empty] = list;
    expect(tri.problem).toMatchObject({
      title: "Triangle Area",
      timeLimit: 1000,
      memoryLimit: 128,
      type: 0,
      examples: [{ input: "3 4", output: "6.00" }],
      cases: [
        { input: "1.in", output: "1.out" },
        { input: "2.in", output: "2.out" },
      ],
      hint: "Use double precision.",
      source: "Geometry basics",
      codeTemplates: [{ language: "Python3", status: true }],
    });
    expect(tri.problem.description).toContain('src="data:image/png;base64,iVBOR');
    // Every language the site offers, as HOJ enables on FPS import.
    expect(tri.problem.languages).toEqual(LANGUAGES.map((l) => l.name));
    expect(await readFile(path.join(tri.dir, "2.out"), "utf8")).toBe("12.50\n");
    expect(root.problem).toMatchObject({ timeLimit: 500, memoryLimit: 64, judgeMode: "spj", spjLanguage: "C" });
    expect(root.problem.input).toBe("<p>One integer n (0 &lt;= n &lt;= 10^9).</p>");
    expect(root.problem.examples).toEqual([
      { input: "2", output: "1.4142" },
      { input: "9", output: "3" },
    ]);
    expect(root.warnings).toEqual([{ key: "import.warnings.emptyAnswer", params: { name: "2.out" } }]);
    expect((await readdir(root.dir)).sort()).toEqual(["1.in", "1.out", "2.in", "2.out"]);
    expect(empty.problem.cases).toEqual([]);
  });

  it("an image's type comes from its bytes: a .png holding a JPEG is a JPEG", async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    const xml = (await readFile(path.join(FIXTURES, "fps", "problems.xml"), "utf8")).replace(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      jpeg.toString("base64"),
    );
    const file = path.join(tmp, "jpeg-as-png.xml");
    await writeFile(file, xml);
    const [tri] = await parseFpsFile(file, path.join(tmp, "fps-jpeg"));
    expect(tri.problem.description).toContain(`src="data:image/jpeg;base64,${jpeg.toString("base64")}"`);
    expect(imageMimeOfBytes(Buffer.from("GIF89a...."))).toBe("image/gif");
    expect(imageMimeOfBytes(Buffer.from("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(imageMimeOfBytes(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe("image/svg+xml");
    expect(imageMimeOfBytes(Buffer.from("not an image"))).toBeNull();
    // Unknown bytes: the name decides.
    expect(imageMime("a.gif", Buffer.from("??"))).toBe("image/gif");
    expect(imageMime("a.png", jpeg)).toBe("image/jpeg");
  });

  it("converts FPS units", () => {
    expect(fpsTimeLimit("1.5", "s")).toBe(1500);
    expect(fpsTimeLimit("800", "ms")).toBe(800);
    expect(fpsTimeLimit("2", undefined)).toBe(2000);
    expect(fpsMemoryLimit("131072", "kb")).toBe(128);
    expect(fpsMemoryLimit("64", "mb")).toBe(64);
  });

  it("refuses a file that is not FPS", async () => {
    const bad = path.join(FIXTURES, "hoj", "problem_1001.json");
    await expect(parseFpsFile(bad, path.join(tmp, "bad"))).rejects.toThrow("errors.invalidXml");
  });
});
