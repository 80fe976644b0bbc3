import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { disconnectDb } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { runImport, type ImportResult } from "~/services/problem/import.server";
import { readTestDataFile } from "~/services/problem/testdata.server";
import { openStore } from "./support/judging";
import { PACKAGES, startPackageJudge, tempDir, zipPackage } from "./support/packages";

// Polygon packages through the real pipeline: manual tests read, generated tests built by compiling
// the generator and running it with the script's arguments in the sandbox (on a judge), every input
// checked by the validator, every answer made by the main solution, the checker as special judge,
// the tagged solutions judged and reported against their tags.

const actor = { username: "package-admin" };
let tmp = "";
let judge: Awaited<ReturnType<typeof startPackageJudge>> | null = null;

beforeAll(async () => {
  await openStore();
  tmp = await tempDir();
  // Little output kept per task: a generator's or the main solution's runs take several tasks, each
  // asked for after the last one's outputs were taken.
  judge = await startPackageJudge("polygon-package-judge", { runKeepBytes: 600 });
});

afterAll(async () => {
  await judge?.stop();
  await rm(tmp, { recursive: true, force: true });
  await closeRedis();
  await disconnectDb();
});

async function importPolygon(changes: Record<string, string | null> = {}): Promise<ImportResult> {
  const zip = await zipPackage("polygon", "sums", tmp, changes);
  const report = await runImport("polygon", zip, "sums.zip", actor, { onConflict: "suffix" });
  return report.results[0];
}

/** The generator compiled here, outside the sandbox, with the judge's testlib.h: what it prints for `args`. */
function generateHere(args: string[], pkg = "sums"): string {
  const bin = path.join(tmp, `gen-${pkg}`);
  const files = path.join(PACKAGES, "polygon", pkg, "files");
  execFileSync("g++", ["-O2", "-std=c++17", "-I", path.resolve("judge-service/sandbox"), "-I", files, "-o", bin, path.join(files, "gen.cpp")]);
  return execFileSync(bin, args, { encoding: "utf8" });
}

function sums(input: string): string {
  const lines = input.trim().split("\n").slice(1);
  return lines.map((l) => l.split(" ").map(BigInt).reduce((a, b) => a + b).toString()).join("\n") + "\n";
}

describe("Polygon packages", () => {
  it("builds the tests (generated ones equal the generator's output), validates them, makes answers with the main solution and judges the tagged solutions", async () => {
    const result = await importPolygon();
    expect(result.reason).toBeUndefined();
    expect(result.status).toBe("imported");
    const doc = (await Problem.findById(result.pid).lean<ProblemDoc>())!;
    expect(doc.problemId).toMatch(/^many-sums/);
    expect(doc.title).toBe("Many Sums");
    expect(doc.description).toContain("$(a_i, b_i)$");
    expect(doc.description).toContain("**use 64-bit integers**");
    expect(doc.timeLimit).toBe(1000);
    expect(doc.memoryLimit).toBe(256);
    expect(doc.judgeMode).toBe("spj");
    expect(doc.spjProtocol).toBe("testlib");
    expect(doc.judgeExtraFile.map((f) => f.name)).toEqual(["sums.h"]);
    expect(doc.testCases.map((c) => c.input)).toEqual(["01.in", "02.in", "03.in", "04.in", "05.in"]);
    const read = async (name: string) => (await readTestDataFile(doc.testCaseHash, name))!.toString();
    expect(await read("01.in")).toBe("2\n1 2\n-3 10\n");
    expect(await read("03.in")).toBe(generateHere(["-n", "5", "-max", "100"]));
    expect(await read("04.in")).toBe(generateHere(["-n", "50", "-max", "1000000000"]));
    expect(await read("05.in")).toBe(generateHere(["-n", "100", "-max", "1000000000", "-seed", "3"]));
    expect(await read("04.in")).not.toBe(await read("05.in"));
    for (const c of doc.testCases) expect(await read(c.output)).toBe(sums(await read(c.input)));
    expect(doc.examples).toEqual([{ input: "2\n1 2\n-3 10\n", output: "3\n7\n" }]);
    const byLabel = Object.fromEntries((result.checks ?? []).map((c) => [c.label, c]));
    expect(byLabel["solutions/main.cpp"]).toMatchObject({ group: "main", status: JudgeStatus.ACCEPTED, ok: true });
    expect(byLabel["solutions/ok.py"]).toMatchObject({ group: "accepted", status: JudgeStatus.ACCEPTED, ok: true });
    expect(byLabel["solutions/diff.cpp"]).toMatchObject({ group: "wrong-answer", status: JudgeStatus.WRONG_ANSWER, ok: true });
    expect(byLabel["solutions/slow.cpp"]).toMatchObject({ group: "time-limit-exceeded", status: JudgeStatus.TIME_LIMIT_EXCEEDED, ok: true });
    expect(result.warnings.filter((w) => w.key.endsWith("verdictMismatch"))).toEqual([]);
  }, 600_000);

  it("refuses a package whose manual test breaks the validator, naming the test and the validator's message; nothing is stored", async () => {
    const before = await Problem.countDocuments();
    const result = await importPolygon({ "tests/02": "3\n1 2\n3 4\n" });
    expect(result.status).toBe("refused");
    expect(result.reason?.key).toBe("admin-problem:import.errors.inputInvalid");
    expect(result.reason?.params).toMatchObject({ test: "2", name: "files/val.cpp", result: "exit code 3" });
    expect(String(result.reason?.params?.message)).toMatch(/eof|EOF|Unexpected/i);
    expect(await Problem.countDocuments()).toBe(before);
  }, 600_000);

  it("refuses a package whose generator fails, naming the test, its command and the generator's message", async () => {
    const xml = await import("node:fs/promises").then((fs) => fs.readFile(path.join(PACKAGES, "polygon/sums/problem.xml"), "utf8"));
    const result = await importPolygon({ "problem.xml": xml.replace('cmd="gen -n 5 -max 100"', 'cmd="gen -n 500 -max 100"') });
    expect(result.status).toBe("refused");
    expect(result.reason?.key).toBe("admin-problem:import.errors.generatorFailed");
    expect(result.reason?.params).toMatchObject({ test: "3 (gen -n 500 -max 100)", name: "files/gen.cpp" });
    expect(String(result.reason?.params?.message)).toContain("n = 500 is out of range");
  }, 600_000);

  it("warns when a tagged solution's verdict differs from its tag", async () => {
    const xml = await import("node:fs/promises").then((fs) => fs.readFile(path.join(PACKAGES, "polygon/sums/problem.xml"), "utf8"));
    const result = await importPolygon({
      "problem.xml": xml.replace('<solution tag="wrong-answer">', '<solution tag="accepted">').replace(/<solution tag="time-limit-exceeded">[\s\S]*?<\/solution>/, ""),
    });
    expect(result.status).toBe("imported");
    expect(result.checks?.find((c) => c.label === "solutions/diff.cpp")).toMatchObject({ group: "accepted", status: JudgeStatus.WRONG_ANSWER, ok: false });
    expect(result.warnings).toContainEqual({ key: "admin-problem:import.warnings.verdictMismatch", params: { name: "solutions/diff.cpp", group: "accepted", status: "Wrong Answer" } });
  }, 600_000);

  it("builds an interactive problem: the answers are what the interactor writes beside the main solution, then judged with it", async () => {
    const zip = await zipPackage("polygon", "guess", tmp);
    const result = (await runImport("polygon", zip, "guess.zip", actor, { onConflict: "suffix" })).results[0];
    expect(result.reason).toBeUndefined();
    const doc = (await Problem.findById(result.pid).lean<ProblemDoc>())!;
    expect(doc.judgeMode).toBe("interactive");
    expect(doc.input).toContain("### Interaction");
    const read = async (name: string) => (await readTestDataFile(doc.testCaseHash, name))!.toString();
    for (const c of doc.testCases) expect(await read(c.output)).toBe(await read(c.input));
    expect(await read("03.in")).toBe(generateHere(["17"], "guess"));
    expect(doc.examples).toEqual([{ input: "123\n", output: "" }]);
    const byLabel = Object.fromEntries((result.checks ?? []).map((c) => [c.label, c]));
    expect(byLabel["solutions/bisect.cpp"]).toMatchObject({ group: "main", status: JudgeStatus.ACCEPTED, ok: true });
    expect(byLabel["solutions/one.cpp"]).toMatchObject({ group: "wrong-answer", status: JudgeStatus.WRONG_ANSWER, ok: true });
  }, 600_000);

  it("scores groups worth their points as subtasks and reads a statement from problem-properties.json", async () => {
    const xml = readFileSync(path.join(PACKAGES, "polygon/sums/problem.xml"), "utf8")
      .replace('<test method="manual" sample="true"/>', '<test method="manual" sample="true" group="0" points="0"/>')
      .replace('<test method="manual"/>', '<test method="manual" group="1" points="0"/>')
      .replace('<test cmd="gen -n 5 -max 100" method="generated"/>', '<test cmd="gen -n 5 -max 100" method="generated" group="1" points="0"/>')
      .replace('<test cmd="gen -n 50 -max 1000000000" method="generated"/>', '<test cmd="gen -n 50 -max 1000000000" method="generated" group="2" points="0"/>')
      .replace('<test cmd="gen -n 100 -max 1000000000 -seed 3" method="generated"/>', '<test cmd="gen -n 100 -max 1000000000 -seed 3" method="generated" group="2" points="0"/>')
      .replace("</tests>", '</tests><groups><group name="0" points="0" points-policy="complete-group"/><group name="1" points="40" points-policy="complete-group"/><group name="2" points="60" points-policy="complete-group"/></groups>');
    const properties = { name: "Many Sums", legend: "Add $a$ and $b$, \\textit{each time}.", input: "Pairs.", output: "Sums.", notes: "", sampleTests: [] };
    const result = await importPolygon({ "problem.xml": xml, "statement-sections": null, "statements/english/problem-properties.json": JSON.stringify(properties) });
    expect(result.status).toBe("imported");
    const doc = (await Problem.findById(result.pid).lean<ProblemDoc>())!;
    expect(doc.description).toBe("Add $a$ and $b$, *each time*.");
    expect(doc.type).toBe(1);
    expect(doc.judgeCaseMode).toBe("subtask_lowest");
    expect(doc.testCases.map((c) => [c.score, c.groupNum])).toEqual([
      [0, 1],
      [40, 2],
      [40, 2],
      [60, 3],
      [60, 3],
    ]);
    const byLabel = Object.fromEntries((result.checks ?? []).map((c) => [c.label, c]));
    expect(byLabel["solutions/main.cpp"]).toMatchObject({ status: JudgeStatus.ACCEPTED, score: 100, ok: true });
  }, 600_000);
});
