import { createWriteStream, existsSync } from "node:fs";
import { copyFile, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import { Tag } from "~/models/tag.server";
import { bootstrap } from "~/services/account/bootstrap.server";
import { disconnectDb } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { createProblem, deleteProblem, importProblem } from "~/services/problem/admin.server";
import { exportProblems, testCaseDownload } from "~/services/problem/export.server";
import { getImportJob, runImport, startImportJob, type ImportReport } from "~/services/problem/import.server";
import { createTag } from "~/services/problem/tags.server";
import { receiveTestcaseZip, listFilesRecursive } from "~/services/problem/testcase-upload.server";
import { readTestDataFile, testDataRoot } from "~/services/problem/testdata.server";
import { extractZip, writeZip, zipStream } from "~/services/platform/zip.server";

const FIXTURES = path.resolve("tests/fixtures/import");
const actor = { username: "importer" };
let tmp = "";

async function zipFixture(name: string): Promise<string> {
  const dir = path.join(FIXTURES, name);
  const files = await listFilesRecursive(dir);
  const dest = path.join(tmp, `${name}-${Math.random().toString(36).slice(2)}.zip`);
  await writeZip(dest, files.map((f) => ({ name: f, path: path.join(dir, f) })));
  return dest;
}

async function testDataSets(): Promise<string[]> {
  return existsSync(testDataRoot()) ? (await readdir(testDataRoot())).sort() : [];
}

function summary(r: ImportReport) {
  return r.results.map((x) => [x.label, x.status, x.problemId ?? null, x.reason?.key ?? null]);
}

beforeAll(async () => {
  await bootstrap();
  tmp = await mkdtemp(path.join(os.tmpdir(), "oj-import-"));
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
  await closeRedis();
  await disconnectDb();
});

describe("importing problem archives", () => {
  it("imports a HOJ archive and refuses a problem with an unknown language, leaving nothing of it", async () => {
    const setsBefore = await testDataSets();
    const report = await runImport("hoj", await zipFixture("hoj"), "hoj.zip", actor, { onConflict: "refuse" });
    expect(summary(report)).toEqual([
      ["problem_1001.json", "imported", "HOJ-1001", null],
      ["problem_1002.json", "imported", "HOJ-1002", null],
      ["problem_1003.json", "refused", null, "admin-problem:errors.unknownLanguages"],
    ]);
    expect(report.results[2].reason?.params).toEqual({ names: "Whitespace" });
    const a = await Problem.findOne({ problemIdUpper: "HOJ-1001" }).lean<ProblemDoc>();
    expect(a).toMatchObject({ title: "A + B Problem", author: "root", source: "Classic", isUploadCase: true });
    expect((await readTestDataFile(a!.testCaseHash, "2.out"))?.toString()).toBe("2000000000\n");
    const tags = await Tag.find({ _id: { $in: a!.tags } }).lean();
    expect(tags.map((t) => t.name).sort()).toEqual(["Beginner", "Math"]);
    const b = await Problem.findOne({ problemIdUpper: "HOJ-1002" }).lean<ProblemDoc>();
    expect(b).toMatchObject({ judgeMode: "spj", spjLanguage: "C++", spjCompileOk: false, judgeCaseMode: "subtask_lowest", type: 1 });
    expect(b!.userExtraFile).toEqual([{ name: "fraction.h", content: "struct frac { long long p, q; };\n" }]);
    expect(await Problem.exists({ problemIdUpper: "HOJ-1003" })).toBeNull();
    expect((await testDataSets()).length).toBe(setsBefore.length + 2);
  });

  it("refuses taken display ids, or adds a suffix and says so", async () => {
    const refused = await runImport("hoj", await zipFixture("hoj"), "hoj.zip", actor, { onConflict: "refuse" });
    expect(refused.imported).toBe(0);
    expect(refused.results[0].reason).toMatchObject({ key: "admin-problem:errors.displayIdTaken", field: "problemId" });
    const suffixed = await runImport("hoj", await zipFixture("hoj"), "hoj.zip", actor, { onConflict: "suffix" });
    expect(suffixed.results[0]).toMatchObject({ status: "imported", problemId: "HOJ-1001-2", renamedFrom: "HOJ-1001" });
  });

  it("imports a Hydro archive with several problems", async () => {
    const report = await runImport("hydro", await zipFixture("hydro"), "hydro.zip", actor, { onConflict: "refuse" });
    expect(report.results.map((r) => [r.label, r.status])).toEqual([
      ["1/", "imported"],
      ["2/", "imported"],
      ["3/", "imported"],
      ["4/", "refused"],
    ]);
    expect(report.results[1].problemId).toBe(String(report.results[1].pid));
    expect(report.results[3].reason).toEqual({ key: "admin-problem:errors.hydroTypeUnsupported", params: { type: "objective" } });
    const range = await Problem.findOne({ problemIdUpper: "P1000" }).lean<ProblemDoc>();
    expect(range!.testCases).toEqual([
      { input: "small1.in", output: "small1.out", score: 40, groupNum: 1 },
      { input: "small2.in", output: "small2.out", score: 40, groupNum: 1 },
      { input: "large1.in", output: "large1.out", score: 60, groupNum: 2 },
    ]);
    expect(range!.languages).toEqual(["C", "C++ 17 With O2", "Python3"]);
    const guess = await Problem.findOne({ problemIdUpper: "P1002" }).lean<ProblemDoc>();
    expect(guess!.judgeMode).toBe("interactive");
    expect(await Problem.exists({ problemIdUpper: "P1003" })).toBeNull();
  });

  it("imports a QDUOJ archive; a problem with a missing file is refused", async () => {
    const report = await runImport("qduoj", await zipFixture("qduoj"), "qduoj.zip", actor, { onConflict: "refuse" });
    expect(summary(report)).toEqual([
      ["1/", "imported", "QD-1", null],
      ["2/", "imported", "QD-2", null],
      ["3/", "refused", null, "admin-problem:errors.caseFileMissing"],
    ]);
    const div = await Problem.findOne({ problemIdUpper: "QD-2" }).lean<ProblemDoc>();
    expect((await readTestDataFile(div!.testCaseHash, "1.out"))?.toString()).toBe("");
    expect(await Problem.exists({ problemIdUpper: "QD-3" })).toBeNull();
  });

  it("imports an FPS file; an item without test data is refused", async () => {
    const xml = path.join(tmp, "fps.xml");
    await copyFile(path.join(FIXTURES, "fps", "problems.xml"), xml);
    const report = await runImport("fps", xml, "problems.xml", actor, { onConflict: "refuse" });
    expect(report.results.map((r) => [r.status, r.reason?.key ?? null])).toEqual([
      ["imported", null],
      ["imported", null],
      ["refused", "admin-problem:errors.uploadRequired"],
    ]);
    const tri = await Problem.findById(report.results[0].pid).lean<ProblemDoc>();
    expect(tri!.problemId).toBe(String(tri!._id));
    expect(tri!.description).toContain("data:image/png;base64,");
    expect(await Problem.exists({ title: "Statement Only" })).toBeNull();
  });

  it("refuses files of the wrong type and archives that are not zips", async () => {
    const xml = path.join(FIXTURES, "fps", "problems.xml");
    await expect(runImport("hoj", xml, "problems.xml", actor, { onConflict: "refuse" })).rejects.toThrow("admin-problem:errors.fileTypeNotSupport");
    const notZip = path.join(tmp, "fake.zip");
    await copyFile(xml, notZip);
    await expect(runImport("hoj", notZip, "fake.zip", actor, { onConflict: "refuse" })).rejects.toThrow("admin-problem:errors.invalidZip");
  });

  it("removes the test data and the new tags it stored when the problem document cannot be written", async () => {
    const existing = await Problem.findOne({ problemIdUpper: "QD-1" }).lean<ProblemDoc>();
    const kept = await createTag({ name: "Kept tag", color: "#123456" });
    const dir = path.join(tmp, "fresh-data");
    await writeZip(path.join(tmp, "fresh.zip"), [
      { name: "1.in", data: `${Math.random()}\n` },
      { name: "1.out", data: "x\n" },
    ]);
    await extractZip(path.join(tmp, "fresh.zip"), dir);
    const before = await testDataSets();
    const tagsBefore = await Tag.countDocuments();
    await expect(
      importProblem(
        { problemId: "FRESH-1", title: "Fresh", languages: ["C"], cases: [{ input: "1.in", output: "1.out" }], newTags: ["Brand new tag", "kept TAG"] },
        dir,
        actor,
        existing!._id,
      ),
    ).rejects.toThrow();
    expect(await testDataSets()).toEqual(before);
    expect(await Problem.exists({ problemIdUpper: "FRESH-1" })).toBeNull();
    expect(await Tag.exists({ nameLower: "brand new tag" })).toBeNull();
    expect(await Tag.exists({ _id: kept._id })).not.toBeNull();
    expect(await Tag.countDocuments()).toBe(tagsBefore);
  });

  it("runs an import as a background job with its progress in Redis", async () => {
    const zip = await zipFixture("qduoj");
    const id = await startImportJob("qduoj", zip, "qduoj.zip", { ...actor, uid: "u1" }, "suffix");
    let job = await getImportJob(id);
    for (let i = 0; i < 100 && job?.status === "running"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = await getImportJob(id);
    }
    expect(job?.status).toBe("done");
    expect(job?.progress).toMatchObject({ total: 3, done: 3 });
    expect(job?.report?.imported).toBe(2);
    expect(existsSync(zip)).toBe(false);
    expect(await getImportJob("0".repeat(24))).toBeNull();
  });
});

describe("exporting problems", () => {
  it("exports a problem as a HOJ archive that imports back as the same problem", async () => {
    const tag = await createTag({ name: "Round trip", color: "#123456" });
    const zip = path.join(tmp, "cases-rt.zip");
    await writeZip(zip, [
      { name: "a1.in", data: "1\n" },
      { name: "a1.out", data: "1\n" },
      { name: "a2.in", data: "2\n" },
      { name: "a2.out", data: "4\n" },
    ]);
    const up = await receiveTestcaseZip(zip, "cases-rt.zip");
    const original = await createProblem(
      {
        problemId: "RT-1",
        title: "Round trip",
        description: "D",
        input: "I",
        output: "O",
        hint: "H",
        source: "S",
        examples: [{ input: "1", output: "1" }],
        type: 1,
        difficulty: 2,
        auth: 2,
        timeLimit: 1500,
        memoryLimit: 64,
        stackLimit: 32,
        codeShare: false,
        isRemoveEndBlank: false,
        openCaseResult: false,
        judgeCaseMode: "subtask_average",
        isUploadCase: true,
        uploadTestcaseDir: up.token,
        cases: [
          { input: "a1.in", output: "a1.out", score: 30, groupNum: 1 },
          { input: "a2.in", output: "a2.out", score: 70, groupNum: 2 },
        ],
        languages: ["C++", "Python3"],
        codeTemplates: [
          { language: "C++", code: "int main() {}\n", status: true },
          { language: "Python3", code: "", status: false },
        ],
        tagIds: [tag._id],
        userExtraFile: [{ name: "lib.h", content: "int f();\n" }],
        judgeExtraFile: [{ name: "data.txt", content: "42\n" }],
        isFileIO: true,
        ioReadFileName: "rt.in",
        ioWriteFileName: "rt.out",
      },
      { username: "author1" },
    );
    const exported = await exportProblems([original._id]);
    expect(exported.entries.map((e) => e.name).sort()).toEqual([`problem_${original._id}.json`, ...["a1.in", "a1.out", "a2.in", "a2.out"].map((f) => `problem_${original._id}/${f}`)]);
    const archive = path.join(tmp, "export.zip");
    await pipeline(zipStream(exported.entries), createWriteStream(archive));
    await deleteProblem(original._id);

    const report = await runImport("hoj", archive, "export.zip", actor, { onConflict: "refuse" });
    expect(report.imported).toBe(1);
    const copy = await Problem.findById(report.results[0].pid).lean<ProblemDoc>();
    const strip = (p: ProblemDoc) => {
      const { _id, gmtCreate: _c, gmtModified: _m, modifiedUser: _u, ...rest } = p;
      return rest;
    };
    expect(strip(copy!)).toEqual(strip(original));
  });

  it("zips the test data of a problem and refuses a selection with unknown problems", async () => {
    const p = await Problem.findOne({ problemIdUpper: "HOJ-1002" }).lean<ProblemDoc>();
    const d = await testCaseDownload(p!._id);
    expect(d.entries.map((e) => e.name).sort()).toEqual(["1.in", "1.out", "2.in", "2.out", "3.in", "3.out"]);
    await expect(exportProblems([p!._id, 999_999])).rejects.toThrow("admin-problem:errors.exportMissing");
    await expect(exportProblems([])).rejects.toThrow("admin-problem:errors.exportSelectionEmpty");
  });
});
