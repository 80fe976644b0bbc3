import { describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import { atcoderContestOf, parseRemoteProblemId, remoteLanguageValue, splitContestIndex } from "~/lib/remote-oj";
import { adapterFor } from "../../judge-service/src/remote/adapters";

// Remote ids as admins type them, and each OJ's verdicts in ours.

describe("remote problem ids", () => {
  it.each([
    ["HDU-1000", "HDU", "1000"],
    ["hdu-1000", "HDU", "1000"],
    ["CF-1A", "CF", "1A"],
    ["cf-1a", "CF", "1A"],
    ["CF-1234B1", "CF", "1234B1"],
    ["GYM-100001A", "GYM", "100001A"],
    ["POJ-1000", "POJ", "1000"],
    ["AC-abc300_a", "AC", "abc300_a"],
    ["AC-ABC300_A", "AC", "abc300_a"],
    ["SPOJ-TEST", "SPOJ", "TEST"],
    ["spoj-test", "SPOJ", "TEST"],
    ["HOJ-1000", "HOJ", "1000"],
    [" HOJ-P1001 ", "HOJ", "P1001"],
  ])("%s is %s %s", (raw, oj, remoteId) => {
    expect(parseRemoteProblemId(raw)).toEqual({ oj, remoteId, problemId: `${oj}-${remoteId}` });
  });

  it.each(["1000", "XX-1000", "HDU-", "HDU-abc", "HDU-12", "CF-A1", "CF-1", "GYM-1A", "POJ-10000", "AC-abc300", "SPOJ-TOOLONGCODE", "HOJ-a b", "-1000"])("%s is refused", (raw) => {
    expect(parseRemoteProblemId(raw)).toBeNull();
  });

  it("splits contest and index", () => {
    expect(splitContestIndex("1A")).toEqual({ contest: "1", index: "A" });
    expect(splitContestIndex("100001B2")).toEqual({ contest: "100001", index: "B2" });
    expect(atcoderContestOf("abc300_a")).toBe("abc300");
    expect(atcoderContestOf("typical90_bz")).toBe("typical90");
  });

  it("languages: each OJ's own values", () => {
    expect(remoteLanguageValue("HDU", "G++")).toBe("0");
    expect(remoteLanguageValue("POJ", "C++")).toBe("4");
    expect(remoteLanguageValue("CF", "GNU G++17 7.3.0")).toBe("54");
    expect(remoteLanguageValue("HDU", "Python3")).toBeNull();
    expect(remoteLanguageValue("XX", "C")).toBeNull();
  });
});

describe("verdict mapping", () => {
  const S = JudgeStatus;
  it.each([
    ["HDU", "Accepted", S.ACCEPTED],
    ["HDU", "Wrong Answer", S.WRONG_ANSWER],
    ["HDU", "Presentation Error", S.PRESENTATION_ERROR],
    ["HDU", "Compilation Error", S.COMPILE_ERROR],
    ["HDU", "Runtime Error<br>(ACCESS_VIOLATION)", S.RUNTIME_ERROR],
    ["HDU", "Time Limit Exceeded", S.TIME_LIMIT_EXCEEDED],
    ["HDU", "Memory Limit Exceeded", S.MEMORY_LIMIT_EXCEEDED],
    ["HDU", "Output Limit Exceeded", S.RUNTIME_ERROR],
    ["HDU", "something new", S.SUBMITTED_FAILED],
    ["CF", "OK", S.ACCEPTED],
    ["CF", "WRONG_ANSWER", S.WRONG_ANSWER],
    ["CF", "TIME_LIMIT_EXCEEDED", S.TIME_LIMIT_EXCEEDED],
    ["CF", "IDLENESS_LIMIT_EXCEEDED", S.TIME_LIMIT_EXCEEDED],
    ["CF", "COMPILATION_ERROR", S.COMPILE_ERROR],
    ["CF", "PARTIAL", S.PARTIAL_ACCEPTED],
    ["CF", "CRASHED", S.SYSTEM_ERROR],
    ["CF", "SKIPPED", S.SUBMITTED_FAILED],
    ["GYM", "MEMORY_LIMIT_EXCEEDED", S.MEMORY_LIMIT_EXCEEDED],
    ["POJ", "Accepted", S.ACCEPTED],
    ["POJ", "Compile Error", S.COMPILE_ERROR],
    ["POJ", "Presentation Error", S.PRESENTATION_ERROR],
    ["AC", "AC", S.ACCEPTED],
    ["AC", "WA", S.WRONG_ANSWER],
    ["AC", "TLE", S.TIME_LIMIT_EXCEEDED],
    ["AC", "MLE", S.MEMORY_LIMIT_EXCEEDED],
    ["AC", "RE", S.RUNTIME_ERROR],
    ["AC", "CE", S.COMPILE_ERROR],
    ["AC", "IE", S.SYSTEM_ERROR],
    ["SPOJ", "accepted", S.ACCEPTED],
    ["SPOJ", "wrong answer", S.WRONG_ANSWER],
    ["SPOJ", "runtime error (SIGSEGV)", S.RUNTIME_ERROR],
    ["SPOJ", "compilation error", S.COMPILE_ERROR],
    ["HOJ", "0", S.ACCEPTED],
    ["HOJ", "-1", S.WRONG_ANSWER],
    ["HOJ", "8", S.PARTIAL_ACCEPTED],
    ["HOJ", "-5", S.SUBMITTED_FAILED],
  ])("%s %s", (oj, raw, status) => {
    expect(adapterFor(oj)!.mapVerdict(raw)).toBe(status);
  });
});
