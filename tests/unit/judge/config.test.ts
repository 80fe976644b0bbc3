import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { JUDGE_HEARTBEAT_MS, TASK_CLAIM_IDLE_MS } from "~/lib/judge-protocol";
import { optionsFromEnv } from "../../../judge-service/src/config";
import { restrictLanguages } from "../../../judge-service/src/setup";

describe("judge configuration", () => {
  it("has the protocol's defaults", () => {
    const o = optionsFromEnv({ DATA_DIR: "/srv/oj" });
    expect(o).toMatchObject({
      redisPrefix: "oj:",
      heartbeatMs: JUDGE_HEARTBEAT_MS,
      claimIdleMs: TASK_CLAIM_IDLE_MS,
      testConcurrency: 1,
      cacheDir: path.join("/srv/oj", "judge-cache"),
      webInternalUrl: "http://127.0.0.1:3000/",
    });
    // As many submissions at once as the machine has CPUs.
    expect(o.concurrency).toBe(os.availableParallelism());
    expect(o.name).toMatch(/-\d+$/);
  });

  it("reads overrides, keeps a trailing slash on the web address, and ignores nonsense numbers", () => {
    const o = optionsFromEnv({
      REDIS_PREFIX: "t1:",
      WEB_INTERNAL_URL: "http://web:3000/oj",
      JUDGE_NAME: "j1",
      JUDGE_CONCURRENCY: "4",
      JUDGE_CLAIM_IDLE_MS: "1500",
      JUDGE_CACHE_MAX_MB: "10",
      JUDGE_OUTPUT_LIMIT_MB: "8",
      JUDGE_COMPILE_TIME_MS: "abc",
      JUDGE_TEST_CONCURRENCY: "0",
    });
    expect(o).toMatchObject({ redisPrefix: "t1:", webInternalUrl: "http://web:3000/oj/", name: "j1", concurrency: 4, claimIdleMs: 1500, cacheMaxBytes: 10 << 20, testConcurrency: 1 });
    expect(o.settings.outputLimitBytes).toBe(8 << 20);
    // Each language's own compile limits (HOJ's) unless a time is given.
    expect(o.settings.compileTimeMs).toBeNull();
    expect(optionsFromEnv({ JUDGE_COMPILE_TIME_MS: "20000" }).settings.compileTimeMs).toBe(20_000);
  });

  it("has precompiled headers and parallel cases on unless switched off", () => {
    const on = optionsFromEnv({ DATA_DIR: "/srv/oj" });
    expect(on).toMatchObject({ pch: true, parallelCases: true, pchDir: path.join("/srv/oj", "judge-cache", "pch") });
    expect(optionsFromEnv({ JUDGE_CACHE_DIR: "/c" }).pchDir).toBe(path.join("/c", "pch"));
    expect(optionsFromEnv({ JUDGE_PCH_DIR: "/p" }).pchDir).toBe("/p");
    for (const off of ["0", "false", "OFF", "no"]) {
      expect(optionsFromEnv({ JUDGE_PCH: off, JUDGE_PARALLEL_CASES: off })).toMatchObject({ pch: false, parallelCases: false });
    }
    expect(optionsFromEnv({ JUDGE_PCH: "1", JUDGE_PARALLEL_CASES: "yes" })).toMatchObject({ pch: true, parallelCases: true });
  });

  it("advertises every language of the sandbox unless JUDGE_LANGUAGES names some", () => {
    expect(optionsFromEnv({}).languages).toBeNull();
    expect(optionsFromEnv({ JUDGE_LANGUAGES: " , " }).languages).toBeNull();
    const o = optionsFromEnv({ JUDGE_LANGUAGES: "C, C++ 17 With O2 ,Java" });
    expect(o.languages).toEqual(["C", "C++ 17 With O2", "Java"]);
    expect(restrictLanguages(["C", "C++", "C++ 17 With O2", "Python3"], o.languages)).toEqual(["C", "C++ 17 With O2"]);
    expect(restrictLanguages(["C", "C++"], null)).toEqual(["C", "C++"]);
  });
});
