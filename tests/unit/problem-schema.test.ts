import { describe, expect, it } from "vitest";
import { importedProblemSchema, problemInputSchema } from "~/services/problem/schema.server";

function input(over: Record<string, unknown> = {}) {
  return {
    problemId: "P1",
    title: "T",
    input: "in",
    output: "out",
    languages: ["C"],
    isUploadCase: "false",
    cases: [{ input: "1", output: "1" }],
    ...over,
  };
}

function errors(over: Record<string, unknown>, schema = problemInputSchema) {
  const r = schema.safeParse(input(over));
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("the problem schema", () => {
  it("takes form strings and applies the spec's defaults", () => {
    const r = problemInputSchema.parse(input({ timeLimit: "", type: "1", cases: [{ input: "1", output: "1", score: "100" }], codeShare: undefined }));
    expect(r.timeLimit).toBe(1000);
    expect(r.memoryLimit).toBe(256);
    expect(r.stackLimit).toBe(128);
    expect(r.type).toBe(1);
    expect(r.codeShare).toBe(true);
    expect(r.judgeMode).toBe("default");
    expect(r.spjLanguage).toBe("C");
    expect(r.cases[0].score).toBe(100);
  });

  it("requires title, display id, input and output descriptions", () => {
    expect(errors({ title: "", problemId: " ", input: "", output: "" })).toEqual({
      title: "admin-problem:errors.titleRequired",
      problemId: "admin-problem:errors.displayIdRequired",
      input: "admin-problem:errors.inputRequired",
      output: "admin-problem:errors.outputRequired",
    });
    expect(errors({ problemId: "a b" })).toEqual({ problemId: "admin-problem:errors.displayIdPattern" });
  });

  it("lets imported problems lack input and output descriptions", () => {
    expect(errors({ input: "", output: "" }, importedProblemSchema)).toEqual({});
  });

  it("needs both file names for file IO", () => {
    expect(errors({ isFileIO: "on" })).toEqual({
      ioReadFileName: "admin-problem:errors.fileIoNamesRequired",
      ioWriteFileName: "admin-problem:errors.fileIoNamesRequired",
    });
    expect(errors({ isFileIO: true, ioReadFileName: "a.in", ioWriteFileName: "../a.out" })).toEqual({ ioWriteFileName: "admin-problem:errors.unsafeFileName" });
  });

  it("needs an upload for uploaded cases and a sample with content for manual cases", () => {
    expect(errors({ isUploadCase: true, cases: [] })).toEqual({ cases: "admin-problem:errors.uploadRequired" });
    expect(errors({ cases: [{ input: " ", output: "" }] })).toEqual({ cases: "admin-problem:errors.sampleRequired" });
    expect(errors({ cases: [{ input: "", output: "" }, { input: "", output: "x" }] })).toEqual({});
  });

  it("needs whole non-negative OI scores and group numbers in subtask modes", () => {
    expect(errors({ type: 1, cases: [{ input: "1", output: "1", score: "1.5" }] })).toEqual({ "cases.0.score": "admin-problem:errors.scoreInteger" });
    expect(errors({ type: 1, cases: [{ input: "1", output: "1" }] })).toEqual({ "cases.0.score": "admin-problem:errors.scoreInteger" });
    expect(errors({ type: 0, judgeCaseMode: "subtask_lowest", cases: [{ input: "1", output: "1" }] })).toEqual({ "cases.0.groupNum": "admin-problem:errors.groupNumRequired" });
    expect(errors({ type: 0, judgeCaseMode: "subtask_average", cases: [{ input: "1", output: "1", groupNum: 1 }] })).toEqual({ judgeCaseMode: "admin-problem:errors.subtaskAverageOiOnly" });
    expect(errors({ type: 1, judgeCaseMode: "ergodic_without_error", cases: [{ input: "1", output: "1", score: 100 }] })).toEqual({ judgeCaseMode: "admin-problem:errors.ergodicAcmOnly" });
  });

  it("needs a language, known names and non-empty enabled templates", () => {
    expect(errors({ languages: [] })).toEqual({ languages: "admin-problem:errors.languageRequired" });
    expect(errors({ languages: ["Cobol"] })).toEqual({ "languages.0": "admin-problem:errors.unknownLanguage" });
    expect(errors({ codeTemplates: [{ language: "C", code: "", status: "true" }] })).toEqual({ "codeTemplates.0.code": "admin-problem:errors.templateEmpty" });
    expect(errors({ codeTemplates: [{ language: "C", code: "", status: "false" }] })).toEqual({});
  });

  it("needs checker code for special judges and interactors", () => {
    expect(errors({ judgeMode: "spj" })).toEqual({ spjCode: "admin-problem:errors.spjCodeRequired" });
    expect(errors({ judgeMode: "interactive", spjLanguage: "Java", spjCode: "x" })).toEqual({ spjLanguage: "admin-problem:errors.invalidSpjLanguage" });
  });

  it("takes checker and interactor sources up to 1 MB (testlib.h pasted inline), templates up to 65,535 characters", () => {
    const big = `// ${"x".repeat(142_000)}\nint main() { return 0; }\n`;
    expect(errors({ judgeMode: "spj", spjLanguage: "C++", spjCode: big })).toEqual({});
    expect(errors({ judgeMode: "interactive", spjLanguage: "C++", spjCode: "y".repeat(1_048_576) })).toEqual({});
    expect(errors({ judgeMode: "spj", spjLanguage: "C++", spjCode: "y".repeat(1_048_577) })).toEqual({ spjCode: "admin-problem:errors.codeTooLong" });
    expect(errors({ codeTemplates: [{ language: "C", code: "z".repeat(65_536), status: "true" }] })).toEqual({ "codeTemplates.0.code": "admin-problem:errors.codeTooLong" });
  });

  it("refuses duplicated tags and incomplete extra files, and drops blank rows", () => {
    expect(errors({ tagIds: ["3", 3] })).toEqual({ "tagIds.1": "admin-problem:errors.duplicateTag" });
    expect(errors({ newTags: ["DP", "dp"] })).toEqual({ "newTags.1": "admin-problem:errors.duplicateTag" });
    expect(errors({ judgeExtraFile: [{ name: "", content: "x" }] })).toEqual({ "judgeExtraFile.0.name": "admin-problem:errors.extraFileNameRequired" });
    expect(errors({ userExtraFile: [{ name: "a.h", content: "" }] })).toEqual({ "userExtraFile.0.content": "admin-problem:errors.extraFileContentRequired" });
    expect(errors({ userExtraFile: [{ name: "a.h", content: "1" }, { name: "a.h", content: "2" }] })).toEqual({ "userExtraFile.1.name": "admin-problem:errors.duplicateExtraFile" });
    const ok = problemInputSchema.parse(input({ examples: [{ input: "", output: "" }, { input: "1", output: "2" }], userExtraFile: [{ name: "", content: "" }] }));
    expect(ok.examples).toEqual([{ input: "1", output: "2" }]);
    expect(ok.userExtraFile).toEqual([]);
  });
});
