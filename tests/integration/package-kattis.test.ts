import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { disconnectDb } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { runImport, type ImportReport, type ImportResult } from "~/services/problem/import.server";
import { readTestDataFile } from "~/services/problem/testdata.server";
import { importProblem } from "~/services/problem/admin.server";
import { exportKattisPackage, packageName } from "~/services/problem/package/kattis-export.server";
import { extractZip, writeZip } from "~/services/platform/zip.server";
import { openStore } from "./support/judging";
import { PACKAGES, startPackageJudge, tempDir, zipPackage } from "./support/packages";

// ICPC (Kattis) problem packages through the real pipeline: the zip unpacked, its input validator
// run over every input on a judge, the problem stored, its output validator used as the special
// judge in the format's protocol, its submissions judged and reported beside their folders.

const actor = { username: "package-admin" };
let tmp = "";
let judge: Awaited<ReturnType<typeof startPackageJudge>> | null = null;

beforeAll(async () => {
  await openStore();
  tmp = await tempDir();
  judge = await startPackageJudge("kattis-package-judge");
});

afterAll(async () => {
  await judge?.stop();
  await rm(tmp, { recursive: true, force: true });
  await closeRedis();
  await disconnectDb();
});

async function importKattis(changes: Record<string, string | null> = {}): Promise<{ report: ImportReport; result: ImportResult }> {
  const zip = await zipPackage("kattis", "sumtwo", tmp, changes);
  const report = await runImport("kattis", zip, "sumtwo.zip", actor, { onConflict: "suffix" });
  return { report, result: report.results[0] };
}

async function caseContents(doc: ProblemDoc): Promise<Array<[string, string, number, number]>> {
  const out: Array<[string, string, number, number]> = [];
  for (const c of doc.testCases) {
    out.push([(await readTestDataFile(doc.testCaseHash, c.input))!.toString(), (await readTestDataFile(doc.testCaseHash, c.output))!.toString(), c.score, c.groupNum]);
  }
  return out;
}

describe("ICPC problem packages", () => {
  it("imports the package: statement from LaTeX, samples and secret groups, the output validator as special judge, submissions judged as their folders say", async () => {
    const steps: string[] = [];
    const zip = await zipPackage("kattis", "sumtwo", tmp);
    const report = await runImport("kattis", zip, "sumtwo.zip", actor, { onConflict: "suffix", onProgress: (p) => void (p.step && steps.push(p.step.key)) });
    const result = report.results[0];
    expect(result.reason).toBeUndefined();
    expect(result.status).toBe("imported");
    const doc = (await Problem.findById(result.pid).lean<ProblemDoc>())!;
    expect(doc.title).toBe("Sum of Two");
    expect(doc.author).toBe("Ada Lovelace");
    expect(doc.description).toContain("$|a|, |b| \\le 10^9$");
    expect(doc.description).toContain("**64-bit**");
    expect(doc.description).toContain("- Negative numbers may appear.");
    expect(doc.input).toContain("`a`");
    expect(doc.output).toContain("$a+b$");
    expect(doc.hint).toContain("testing_tool.txt");
    expect(result.warnings).toContainEqual({ key: "admin-problem:import.warnings.latexDropped", params: { items: "\\fancybox" } });
    expect(doc.examples).toEqual([{ input: "1 2\n", output: "3\n" }]);
    expect(doc.judgeMode).toBe("spj");
    expect(doc.spjProtocol).toBe("kattis");
    expect(doc.spjCode).toContain("judgemessage.txt");
    expect((await Problem.findById(result.pid).lean<ProblemDoc>())!.spjCompileOk).toBe(true);
    expect(doc.memoryLimit).toBe(256);
    // Samples are judged first, then the secret groups in order.
    expect(doc.testCases.map((c) => c.input)).toEqual(["sample-1.in", "secret-large-01.in", "secret-small-01.in", "secret-small-02.in"]);
    expect((await caseContents(doc)).map(([i, o]) => [i, o])).toEqual([
      ["1 2\n", "3\n"],
      ["1000000000 1000000000\n", "2000000000\n"],
      ["3 4\n", "7\n"],
      ["-5 5\n", "0\n"],
    ]);
    // Every submission beside its folder, each keeping its promise.
    const checks = result.checks ?? [];
    const byLabel = Object.fromEntries(checks.map((c) => [c.label, c]));
    expect(byLabel["submissions/accepted/sum.cpp"]).toMatchObject({ group: "accepted", status: JudgeStatus.ACCEPTED, ok: true });
    expect(byLabel["submissions/wrong_answer/difference.cpp"]).toMatchObject({ group: "wrong_answer", status: JudgeStatus.WRONG_ANSWER, ok: true });
    expect(byLabel["submissions/time_limit_exceeded/slow.cpp"]).toMatchObject({ group: "time_limit_exceeded", status: JudgeStatus.TIME_LIMIT_EXCEEDED, ok: true });
    expect(byLabel["submissions/accepted/sum.py"]).toMatchObject({ group: "accepted", language: "Python3", status: JudgeStatus.ACCEPTED, ok: true });
    expect(result.warnings.filter((w) => w.key.endsWith("verdictMismatch"))).toEqual([]);
    // No time limit in the package: the slowest accepted submission times the multiplier (3), in whole seconds.
    expect(result.warnings.find((w) => w.key.endsWith("timeLimitFromAccepted"))).toBeTruthy();
    const stored = (await Problem.findById(result.pid).lean<ProblemDoc>())!;
    expect(stored.timeLimit % 1000).toBe(0);
    expect(stored.timeLimit).toBeGreaterThanOrEqual(1000);
    expect(steps).toEqual(expect.arrayContaining(["admin-problem:import.steps.validating", "admin-problem:import.steps.judging"]));
  }, 600_000);

  it("reports a submission whose verdict breaks its folder's promise as a warning, and imports the problem", async () => {
    const correct = await readFile(path.join(PACKAGES, "kattis/sumtwo/submissions/accepted/sum.cpp"), "utf8");
    const { result } = await importKattis({
      "submissions/wrong_answer/actually_right.cpp": correct,
      "submissions/time_limit_exceeded": null,
      "submissions/accepted/sum.py": null,
      ".timelimit": "2\n",
    });
    expect(result.status).toBe("imported");
    const check = result.checks?.find((c) => c.label === "submissions/wrong_answer/actually_right.cpp");
    expect(check).toMatchObject({ status: JudgeStatus.ACCEPTED, ok: false, note: { key: "import.checks.mismatch" } });
    expect(result.warnings).toContainEqual({
      key: "admin-problem:import.warnings.verdictMismatch",
      params: { name: "submissions/wrong_answer/actually_right.cpp", group: "wrong_answer", status: "Accepted" },
    });
    // The package's own time limit is kept.
    expect((await Problem.findById(result.pid).lean<ProblemDoc>())!.timeLimit).toBe(2000);
  }, 600_000);

  it("refuses a package whose input breaks its input validator, naming the test and what the validator said, and stores nothing", async () => {
    const before = await Problem.countDocuments();
    const { result } = await importKattis({ "data/secret/small/03.in": "5 5000000000\n", "data/secret/small/03.ans": "5000000005\n" });
    expect(result.status).toBe("refused");
    expect(result.reason).toMatchObject({
      key: "admin-problem:import.errors.inputInvalid",
      params: { test: "data/secret/small/03.in", name: "input_validators/validate.cpp", result: "exit code 43", message: "line 1: a or b out of range" },
    });
    expect(await Problem.countDocuments()).toBe(before);
  }, 600_000);

  it("maps scoring groups to subtasks: a group scored by its lowest case is worth its accept_score", async () => {
    const { result } = await importKattis({
      "problem.yaml": "name: Sum of Two\ntype: scoring\nvalidation: custom\nlimits:\n  memory: 256\n",
      ".timelimit": "1\n",
      "data/secret/testdata.yaml": null,
      "data/secret/small/testdata.yaml": "grader_flags: min\naccept_score: 30\n",
      "data/secret/large/testdata.yaml": "grader_flags: min\naccept_score: 70\n",
      "submissions/time_limit_exceeded": null,
      "submissions/wrong_answer": null,
      "submissions/accepted/sum.py": null,
    });
    expect(result.status).toBe("imported");
    const doc = (await Problem.findById(result.pid).lean<ProblemDoc>())!;
    expect(doc.type).toBe(1);
    expect(doc.judgeCaseMode).toBe("subtask_lowest");
    expect(doc.testCases.map((c) => [c.input, c.score, c.groupNum])).toEqual([
      ["sample-1.in", 0, 3],
      ["secret-large-01.in", 70, 1],
      ["secret-small-01.in", 30, 2],
      ["secret-small-02.in", 30, 2],
    ]);
    expect(result.checks?.[0]).toMatchObject({ status: JudgeStatus.ACCEPTED, score: 100, ok: true });
  }, 600_000);
});

describe("ICPC package export", () => {
  const FIELDS = ["title", "author", "description", "input", "output", "hint", "source", "examples", "type", "timeLimit", "memoryLimit", "judgeMode", "judgeCaseMode", "spjCode", "spjLanguage", "spjProtocol", "judgeExtraFile"] as const;

  async function exportAndImport(pid: number): Promise<{ result: ImportResult; dir: string; zip: string }> {
    const { fileName, entries } = await exportKattisPackage(pid);
    const zip = path.join(tmp, `${Math.random().toString(36).slice(2)}-${fileName}`);
    await writeZip(zip, entries);
    const dir = path.join(tmp, `unpacked-${Math.random().toString(36).slice(2)}`);
    await extractZip(zip, dir);
    const report = await runImport("kattis", zip, fileName, actor, { onConflict: "suffix" });
    return { result: report.results[0], dir, zip };
  }

  it("exports an imported package that imports back equal", async () => {
    const { result: first } = await importKattis({ ".timelimit": "2\n", "submissions/time_limit_exceeded": null, "submissions/accepted/sum.py": null });
    const original = (await Problem.findById(first.pid).lean<ProblemDoc>())!;
    const { result: again, dir } = await exportAndImport(original._id);
    expect(again.status).toBe("imported");
    const copy = (await Problem.findById(again.pid).lean<ProblemDoc>())!;
    for (const f of FIELDS) expect([f, copy[f]]).toEqual([f, original[f]]);
    expect(copy.testCases.map((c) => c.input)).toEqual(original.testCases.map((c) => c.input));
    expect(await caseContents(copy)).toEqual(await caseContents(original));
    expect(existsSync(path.join(dir, packageName(original), "output_validators/validator/validator.cpp"))).toBe(true);
  }, 600_000);

  it("exports a testlib checker with build and run scripts that speak the format's exit codes, and OI subtasks as groups", async () => {
    const data = path.join(tmp, `native-${Math.random().toString(36).slice(2)}`);
    await mkdir(data, { recursive: true });
    const files: Record<string, string> = { "1.in": "1 2\n", "1.out": "3\n", "2.in": "5 5\n", "2.out": "10\n", "3.in": "7 -7\n", "3.out": "0\n" };
    for (const [n, c] of Object.entries(files)) await writeFile(path.join(data, n), c);
    const checker = `#include "testlib.h"\nint main(int argc, char* argv[]) {\n  registerTestlibCmd(argc, argv);\n  long long e = ans.readLong(), g = ouf.readLong();\n  if (e != g) quitf(_wa, "expected %lld, found %lld", e, g);\n  quitf(_ok, "right");\n}\n`;
    const native = await importProblem(
      {
        problemId: `NATIVE-${Math.random().toString(36).slice(2, 8)}`,
        title: "两数之和",
        description: "给出 $a$ 和 $b$。",
        input: "两个整数。",
        output: "它们的和。",
        hint: "",
        examples: [{ input: "1 2\n", output: "3\n" }],
        type: 1,
        timeLimit: 1500,
        memoryLimit: 128,
        judgeMode: "spj",
        spjLanguage: "C++",
        spjCode: checker,
        judgeCaseMode: "subtask_lowest",
        isUploadCase: true,
        languages: ["C++ 17 With O2"],
        cases: [
          { input: "1.in", output: "1.out", score: 40, groupNum: 1 },
          { input: "2.in", output: "2.out", score: 60, groupNum: 2 },
          { input: "3.in", output: "3.out", score: 60, groupNum: 2 },
        ],
      },
      data,
      actor,
    );
    const { result, dir } = await exportAndImport(native._id);
    expect(result.status).toBe("imported");
    const copy = (await Problem.findById(result.pid).lean<ProblemDoc>())!;
    for (const f of ["title", "description", "input", "output", "examples", "type", "timeLimit", "memoryLimit", "judgeMode", "judgeCaseMode", "spjCode", "spjProtocol"] as const) {
      expect([f, copy[f]]).toEqual([f, native[f]]);
    }
    // The samples are judged too once the problem is a package's: they come first, worth nothing.
    const contents = await caseContents(copy);
    expect(contents.filter(([, , score]) => score > 0)).toEqual((await caseContents(native)).map(([i, o, s, g]) => [i, o, s, g]));
    const root = path.join(dir, packageName(native));
    expect(readFileSync(path.join(root, "problem_statement/problem.zh.md"), "utf8")).toContain("# 两数之和");
    expect(readFileSync(path.join(root, "data/secret/group2/testdata.yaml"), "utf8")).toBe("grader_flags: min\naccept_score: 60\n");
    // The exported checker builds and answers in the format's exit codes.
    const validator = path.join(root, "output_validators/checker");
    execFileSync("sh", [path.join(validator, "build")]);
    const run = (team: string) => spawnSync("sh", [path.join(validator, "run"), path.join(data, "2.in"), path.join(data, "2.out"), `${dir}/`], { input: team }).status;
    expect(run("10\n")).toBe(42);
    expect(run("11\n")).toBe(43);
  }, 600_000);
});
