import { describe, expect, it } from "vitest";
import { distributeScores, examplesFromHoj, examplesToHoj, naturalCompare, pairTestFiles } from "~/lib/testcase-rules";

describe("pairing the files of a test data zip", () => {
  it("pairs .in with .out and .ans, in natural order", () => {
    const r = pairTestFiles(["10.in", "10.out", "2.in", "2.ans", "1.in", "1.out"]);
    expect(r.cases).toEqual([
      { input: "1.in", output: "1.out" },
      { input: "2.in", output: "2.ans" },
      { input: "10.in", output: "10.out" },
    ]);
    expect(r.unpaired).toEqual([]);
  });

  it("pairs input<k>.txt with output<k>.txt", () => {
    const r = pairTestFiles(["input1.txt", "output1.txt", "input2.txt", "output2.txt", "data_input3.txt", "data_output3.txt"]);
    expect(r.cases).toEqual([
      { input: "data_input3.txt", output: "data_output3.txt" },
      { input: "input1.txt", output: "output1.txt" },
      { input: "input2.txt", output: "output2.txt" },
    ]);
  });

  it("reports unpaired inputs and outputs and ignores other files", () => {
    const r = pairTestFiles(["1.in", "1.out", "2.in", "3.out", "input4.txt", "readme.md", "checker.cpp"]);
    expect(r.cases).toEqual([{ input: "1.in", output: "1.out" }]);
    expect(r.unpaired).toEqual(["2.in", "3.out", "input4.txt"]);
    expect(r.ignored).toEqual(["checker.cpp", "readme.md"]);
  });

  it("prefers .out over .ans when a case has both and reports the other", () => {
    const r = pairTestFiles(["a.in", "a.ans", "a.out"]);
    expect(r.cases).toEqual([{ input: "a.in", output: "a.out" }]);
    expect(r.unpaired).toEqual(["a.ans"]);
  });

  it("does not pair a .txt input with an .out file", () => {
    const r = pairTestFiles(["input1.txt", "1.out"]);
    expect(r.cases).toEqual([]);
    expect(r.unpaired).toEqual(["1.out", "input1.txt"]);
  });

  it("orders names naturally", () => {
    expect(["b10", "b2", "a", "b1"].sort(naturalCompare)).toEqual(["a", "b1", "b2", "b10"]);
  });
});

describe("OI scores of uploaded cases", () => {
  it("shares 100 equally and gives the remainder one point each to the last cases", () => {
    expect(distributeScores(3)).toEqual([33, 33, 34]);
    expect(distributeScores(6)).toEqual([16, 16, 17, 17, 17, 17]);
    expect(distributeScores(4)).toEqual([25, 25, 25, 25]);
    expect(distributeScores(7).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it("gives one point to each of the last 100 cases when there are more than 100", () => {
    const s = distributeScores(120);
    expect(s.slice(0, 20).every((x) => x === 0)).toBe(true);
    expect(s.slice(20).every((x) => x === 1)).toBe(true);
  });

  it("has nothing to share without cases", () => {
    expect(distributeScores(0)).toEqual([]);
  });
});

describe("HOJ examples string", () => {
  it("round-trips examples", () => {
    const ex = [
      { input: "1 2", output: "3" },
      { input: "a\nb", output: "" },
    ];
    expect(examplesToHoj(ex)).toBe("<input>1 2</input><output>3</output><input>a\nb</input><output></output>");
    expect(examplesFromHoj(examplesToHoj(ex))).toEqual(ex);
    expect(examplesFromHoj(null)).toEqual([]);
  });
});
