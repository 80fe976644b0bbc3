import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { JudgeCaseMode, ProblemType } from "~/lib/constants";
import { Counter } from "~/models/counter.server";
import { Problem } from "~/models/problem.server";
import { Tag } from "~/models/tag.server";
import { bootstrap } from "~/services/account/bootstrap.server";
import { disconnectDb } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import {
  changeProblemAuth,
  createProblem,
  deleteProblem,
  getProblemForEdit,
  listAdminProblems,
  updateProblem,
} from "~/services/problem/admin.server";
import { ProblemAdminError } from "~/services/problem/errors.server";
import { draftFromProblem, draftToInput } from "~/http/problem-form.server";
import { readUpload, receiveTestcaseZip, storedCaseFiles } from "~/services/problem/testcase-upload.server";
import { readManifest, readTestDataFile, testDataRoot } from "~/services/problem/testdata.server";
import { writeZip } from "~/services/platform/zip.server";
import { createTag } from "~/services/problem/tags.server";

const actor = { username: "admin1" };

function baseInput(over: Record<string, unknown> = {}) {
  return {
    problemId: "T1000",
    title: "A + B",
    description: "Add two numbers.",
    input: "Two integers a and b.",
    output: "Their sum.",
    examples: [{ input: "1 2", output: "3" }],
    languages: ["C", "C++"],
    isUploadCase: false,
    cases: [{ input: "1 2\n", output: "3\n" }],
    ...over,
  };
}

async function expectFieldError(p: Promise<unknown>, field: string, message: string) {
  try {
    await p;
  } catch (err) {
    if (err instanceof ZodError) {
      const issue = err.issues.find((i) => i.path.join(".") === field);
      expect(issue?.message, JSON.stringify(err.issues)).toBe(message);
      return;
    }
    if (err instanceof ProblemAdminError) {
      expect(err.field).toBe(field);
      expect(err.message).toBe(message);
      return;
    }
    throw err;
  }
  throw new Error("expected a refusal");
}

let tmp = "";

beforeAll(async () => {
  await bootstrap();
  tmp = await mkdtemp(path.join(os.tmpdir(), "oj-pa-"));
});

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
  await closeRedis();
  await disconnectDb();
});

describe("problem administration", () => {
  it("creates a problem with manual cases and the spec defaults", async () => {
    const doc = await createProblem(baseInput(), actor);
    expect(doc._id).toBeGreaterThan(0);
    expect(doc.problemIdUpper).toBe("T1000");
    expect(doc.timeLimit).toBe(1000);
    expect(doc.memoryLimit).toBe(256);
    expect(doc.stackLimit).toBe(128);
    expect(doc.auth).toBe(1);
    expect(doc.codeShare).toBe(true);
    expect(doc.author).toBe("admin1");
    expect(doc.testCases).toEqual([{ input: "1.in", output: "1.out", score: 0, groupNum: 0 }]);
    expect((await readTestDataFile(doc.testCaseHash, "1.in"))?.toString()).toBe("1 2\n");
  });

  it("refuses a duplicate display id regardless of case", async () => {
    await expectFieldError(createProblem(baseInput({ problemId: "t1000" }), actor), "problemId", "admin-problem:errors.displayIdTaken");
  });

  it("lists, searches and pages", async () => {
    const res = await listAdminProblems({ keyword: "a + b" });
    expect(res.total).toBe(1);
    expect(res.records[0].problemId).toBe("T1000");
    expect((await listAdminProblems({ keyword: "nothing-like-it" })).total).toBe(0);
  });

  it("validates required parts, file IO, OI scores, subtask modes and templates", async () => {
    await expectFieldError(createProblem(baseInput({ problemId: "V1", title: " " }), actor), "title", "admin-problem:errors.titleRequired");
    await expectFieldError(createProblem(baseInput({ problemId: "V1", input: "" }), actor), "input", "admin-problem:errors.inputRequired");
    await expectFieldError(createProblem(baseInput({ problemId: "V1", isFileIO: true, ioReadFileName: "a.in" }), actor), "ioWriteFileName", "admin-problem:errors.fileIoNamesRequired");
    await expectFieldError(createProblem(baseInput({ problemId: "V1", type: ProblemType.OI, cases: [{ input: "1", output: "1", score: -1 }] }), actor), "cases.0.score", "admin-problem:errors.scoreInteger");
    await expectFieldError(createProblem(baseInput({ problemId: "V1", judgeCaseMode: JudgeCaseMode.SUBTASK_AVERAGE }), actor), "judgeCaseMode", "admin-problem:errors.subtaskAverageOiOnly");
    await expectFieldError(createProblem(baseInput({ problemId: "V1", type: ProblemType.OI, judgeCaseMode: JudgeCaseMode.SUBTASK_LOWEST, cases: [{ input: "1", output: "1", score: 100 }] }), actor), "cases.0.groupNum", "admin-problem:errors.groupNumRequired");
    await expectFieldError(createProblem(baseInput({ problemId: "V1", languages: [] }), actor), "languages", "admin-problem:errors.languageRequired");
    await expectFieldError(createProblem(baseInput({ problemId: "V1", codeTemplates: [{ language: "C", code: " ", status: true }] }), actor), "codeTemplates.0.code", "admin-problem:errors.templateEmpty");
    await expectFieldError(createProblem(baseInput({ problemId: "V1", cases: [{ input: "", output: "" }] }), actor), "cases", "admin-problem:errors.sampleRequired");
    await expectFieldError(createProblem(baseInput({ problemId: "V1", userExtraFile: [{ name: "a.h", content: "" }] }), actor), "userExtraFile.0.content", "admin-problem:errors.extraFileContentRequired");
    await expectFieldError(createProblem(baseInput({ problemId: "V1", newTags: ["dp", "DP"] }), actor), "newTags.1", "admin-problem:errors.duplicateTag");
    await expectFieldError(createProblem(baseInput({ problemId: "V1", isUploadCase: true, cases: [] }), actor), "cases", "admin-problem:errors.uploadRequired");
    expect(await Problem.exists({ problemIdUpper: "V1" })).toBeNull();
  });

  it("adds new tags by name and reuses existing ones without case", async () => {
    const dp = await createTag({ name: "Dynamic Programming", color: "#ff0000" });
    const doc = await createProblem(baseInput({ problemId: "T1001", tagIds: [dp._id], newTags: ["graphs"] }), actor);
    const graphs = await Tag.findOne({ nameLower: "graphs" }).lean();
    expect(doc.tags).toEqual([dp._id, graphs!._id]);
    await expectFieldError(createProblem(baseInput({ problemId: "T1002", tagIds: [dp._id], newTags: ["dynamic programming"] }), actor), "newTags", "admin-problem:errors.duplicateTag");
    const again = await createProblem(baseInput({ problemId: "T1002", newTags: ["GRAPHS"] }), actor);
    expect(again.tags).toEqual([graphs!._id]);
  });

  it("uploads a zip, saves it as test data and keeps scores and groups", async () => {
    const zip = path.join(tmp, "cases.zip");
    await writeZip(zip, [
      { name: "data/1.in", data: "1 1\n" },
      { name: "data/1.out", data: "2\n" },
      { name: "data/2.in", data: "2 2\n" },
      { name: "data/2.ans", data: "4\n" },
      { name: "data/10.in", data: "5 5\n" },
      { name: "data/10.out", data: "10\n" },
      { name: "data/3.in", data: "lonely\n" },
      { name: "data/readme.md", data: "notes" },
    ]);
    const up = await receiveTestcaseZip(zip, "cases.zip");
    expect(up.cases.map((c) => [c.input, c.output, c.score])).toEqual([
      ["1.in", "1.out", 33],
      ["2.in", "2.ans", 33],
      ["10.in", "10.out", 34],
    ]);
    expect(up.unpaired).toEqual(["3.in"]);
    expect(up.ignored).toEqual(["readme.md"]);
    const doc = await createProblem(
      baseInput({
        problemId: "T2000",
        type: ProblemType.OI,
        judgeCaseMode: JudgeCaseMode.SUBTASK_LOWEST,
        isUploadCase: true,
        uploadTestcaseDir: up.token,
        cases: up.cases.map((c, i) => ({ ...c, groupNum: i === 0 ? 1 : 2 })),
      }),
      actor,
    );
    expect(doc.testCases.map((c) => c.groupNum)).toEqual([1, 2, 2]);
    const manifest = await readManifest(doc.testCaseHash);
    expect(manifest!.files.map((f) => f.name).sort()).toEqual(["1.in", "1.out", "10.in", "10.out", "2.ans", "2.in"]);
    expect(await readUpload(up.token)).toBeNull();
    expect(existsSync(path.join(testDataRoot(), doc.testCaseHash))).toBe(true);
    const files = await storedCaseFiles(doc.testCaseHash, doc.testCases);
    expect(await readFile(files.find((f) => f.name === "2.ans")!.path, "utf8")).toBe("4\n");

    // Editing without a new upload keeps the files and takes new scores.
    const updated = await updateProblem(
      doc._id,
      baseInput({
        problemId: "T2000",
        type: ProblemType.OI,
        judgeCaseMode: JudgeCaseMode.SUBTASK_LOWEST,
        isUploadCase: true,
        cases: doc.testCases.map((c) => ({ ...c, score: 50 })),
      }),
      actor,
    );
    expect(updated.testCaseHash).toBe(doc.testCaseHash);
    expect(updated.testCases.map((c) => c.score)).toEqual([50, 50, 50]);
    expect(updated.modifiedUser).toBe("admin1");
  });

  it("draws another id when the counter hands out one that is taken", async () => {
    const last = await Problem.findOne().sort({ _id: -1 }).lean();
    await Counter.updateOne({ _id: "problem" }, { $set: { seq: last!._id - 1 } });
    const doc = await createProblem(baseInput({ problemId: "T4000" }), actor);
    expect(doc._id).toBe(last!._id + 1);
    expect((await Problem.findById(last!._id).lean())!.problemId).toBe(last!.problemId);
  });

  it("a refused save leaves no new tags behind", async () => {
    const used = await createTag({ name: "Already there", color: "#00aa00" });
    // The counter hands out five ids in a row that are taken: the insert gives up.
    const last = await Problem.findOne().sort({ _id: -1 }).lean();
    for (let i = 1; i <= 5; i++) {
      await Problem.create({ _id: last!._id + i, problemId: `TAKEN-${i}`, problemIdUpper: `TAKEN-${i}`, title: "Taken", languages: ["C"] });
    }
    await Counter.updateOne({ _id: "problem" }, { $set: { seq: last!._id } });
    const tagsBefore = await Tag.countDocuments();
    await expect(createProblem(baseInput({ problemId: "T4500", tagIds: [used._id], newTags: ["Fresh tag one", "fresh tag two"] }), actor)).rejects.toThrow();
    expect(await Problem.exists({ problemIdUpper: "T4500" })).toBeNull();
    expect(await Tag.exists({ nameLower: { $in: ["fresh tag one", "fresh tag two"] } })).toBeNull();
    expect(await Tag.countDocuments()).toBe(tagsBefore);
    expect(await Tag.exists({ _id: used._id })).not.toBeNull();
    // Once ids are free again the same save succeeds and creates its tags.
    const saved = await createProblem(baseInput({ problemId: "T4500", newTags: ["Fresh tag one"] }), actor);
    expect(saved.tags).toHaveLength(1);
    expect(await Tag.exists({ nameLower: "fresh tag one" })).not.toBeNull();
  });

  it("lists typed cases too large to edit as text as files, and keeps them on save", async () => {
    const big = "7".repeat(1_000_000);
    const doc = await createProblem(baseInput({ problemId: "T5000", cases: Array.from({ length: 5 }, () => ({ input: big, output: "7\n" })) }), actor);
    const edit = await getProblemForEdit(doc._id);
    expect(edit.manualCases).toBeNull();
    const draft = draftFromProblem(edit);
    expect(draft.isUploadCase).toBe(true);
    expect(draft.cases.map((c) => c.input)).toEqual(["1.in", "2.in", "3.in", "4.in", "5.in"]);
    const saved = await updateProblem(doc._id, draftToInput({ ...draft, title: "Big" }), actor);
    expect(saved.testCaseHash).toBe(doc.testCaseHash);
    expect(saved.testCases).toEqual(doc.testCases);
  });

  it("edits, changes visibility and deletes", async () => {
    const doc = await createProblem(baseInput({ problemId: "T3000" }), actor);
    const edit = await getProblemForEdit(doc._id);
    expect(edit.manualCases).toEqual([{ input: "1 2\n", output: "3\n", score: 0, groupNum: 0 }]);
    await changeProblemAuth(doc._id, 2, actor);
    expect((await Problem.findById(doc._id).lean())!.auth).toBe(2);
    await expect(changeProblemAuth(doc._id, 7, actor)).rejects.toThrow("admin-problem:errors.invalidAuth");
    await deleteProblem(doc._id);
    expect(await Problem.exists({ _id: doc._id })).toBeNull();
    await expect(deleteProblem(doc._id)).rejects.toThrow("admin-problem:errors.problemNotFound");
  });
});
