import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import { TEST_OWNER_KEY, TEST_RESULT_KEY, TEST_RESULT_TTL_S, type TestJudgeResult, type TestTask } from "~/lib/judge-protocol";
import type { RunningJudge } from "../../../judge-service/src/consumer";
import { judgeTest } from "../../../judge-service/src/judge";
import {
  allResults,
  C_AB,
  enqueue,
  finalOf,
  newRedis,
  prefix,
  problem,
  startDataServer,
  startTestJudge,
  storeCases,
  submission,
  testContext,
  waitFor,
  type DataServer,
} from "./support";

// Online self-tests: run on the user's input, compared with the expected output when one is given,
// stored under <prefix>judge:test:<key> for a while. They have slots of their own.

let server: DataServer;
let redis: Redis;
let judge: RunningJudge;

beforeAll(async () => {
  server = await startDataServer();
  redis = newRedis();
  // One submission slot: a long submission must not hold up self-tests.
  judge = await startTestJudge(server.url, { context: await testContext(server.url), concurrency: 1, testConcurrency: 1 });
});

afterAll(async () => {
  await judge?.stop({ graceMs: 1000 });
  await server?.close();
  redis?.disconnect();
});

let n = 0;
function testTask(code: string, userInput: string, expectedOutput: string | null, over: Partial<TestTask> = {}): TestTask {
  return {
    kind: "test",
    testKey: `k${++n}-${Date.now()}`,
    language: "C",
    code,
    userInput,
    expectedOutput,
    problem: {
      pid: 1,
      problemId: "P1",
      judgeMode: "default",
      timeLimit: 1000,
      memoryLimit: 256,
      stackLimit: 128,
      isRemoveEndBlank: true,
      isFileIO: false,
      ioReadFileName: "",
      ioWriteFileName: "",
      userExtraFiles: [],
    },
    enqueuedAt: Date.now(),
    ...over,
  };
}

async function selfTest(task: TestTask): Promise<TestJudgeResult> {
  await enqueue(redis, task);
  const key = `${prefix()}${TEST_RESULT_KEY}:${task.testKey}`;
  const raw = await waitFor(`self-test ${task.testKey}`, () => redis.get(key), 60_000);
  const ttl = await redis.ttl(key);
  expect(ttl).toBeGreaterThan(TEST_RESULT_TTL_S - 30);
  expect(ttl).toBeLessThanOrEqual(TEST_RESULT_TTL_S);
  return JSON.parse(raw) as TestJudgeResult;
}

describe("self-test", () => {
  it("compares with the expected output when one is given", async () => {
    const [ac, wa, longer] = await Promise.all([selfTest(testTask(C_AB, "1 2", "3")), selfTest(testTask(C_AB, "1 2", "4")), selfTest(testTask(C_AB, "1 2", "3 0"))]);
    expect(ac).toMatchObject({ status: JudgeStatus.ACCEPTED, userInput: "1 2", expectedOutput: "3", userOutput: "3\n", problemJudgeMode: "default" });
    expect(ac.memory).toBeGreaterThan(0);
    expect(wa.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(wa.userOutput).toBe("3\n");
    expect(longer.status).toBe(JudgeStatus.WRONG_ANSWER);
    const spaced = await selfTest(testTask(C_AB, "1 2", "  3"));
    expect(spaced.status).toBe(JudgeStatus.PRESENTATION_ERROR);
  });

  it("reports a clean run as accepted without an expected output, with stderr", async () => {
    const r = await selfTest(testTask(`#include <stdio.h>\nint main(){ int a, b; scanf("%d %d", &a, &b); fprintf(stderr, "debug %d\\n", a); printf("%d\\n", a * b); return 0; }`, "6 7", null));
    expect(r).toMatchObject({ status: JudgeStatus.ACCEPTED, userOutput: "42\n", stderr: "debug 6\n", expectedOutput: null });
  });

  it("reports compile errors and runtime errors", async () => {
    const [ce, re] = await Promise.all([selfTest(testTask("int main( {", "", null)), selfTest(testTask(`int main(){ return 7; }`, "", "x"))]);
    expect(ce.status).toBe(JudgeStatus.COMPILE_ERROR);
    expect(ce.errorMessage).toContain("main.c");
    expect(re.status).toBe(JudgeStatus.RUNTIME_ERROR);
    expect(re.errorMessage).toContain("code 7");
  });

  it("sends back the start of the output, as long as the judge's setting says", async () => {
    const ctx = { ...judge.context, settings: { ...judge.context.settings, testOutputBytes: 1000 } };
    const flood = `#include <stdio.h>\nint main(){ for (int i = 0; i < 5000; i++) putchar('a' + i % 26); return 0; }`;
    const signal = new AbortController().signal;
    const [plain, compared] = await Promise.all([judgeTest(ctx, testTask(flood, "", null), signal), judgeTest(ctx, testTask(flood, "", "abc"), signal)]);
    expect(plain.status).toBe(JudgeStatus.ACCEPTED);
    expect(plain.userOutput).toHaveLength(1000);
    expect(plain.userOutput.startsWith("abcdefghijklmnopqrstuvwxyzabc")).toBe(true);
    expect(compared.status).toBe(JudgeStatus.WRONG_ANSWER);
    expect(compared.userOutput).toHaveLength(1000);
  });

  it("gives the owner record the result's lifetime when it stores the result, however long the test waited", async () => {
    const task = testTask(C_AB, "1 2", "3");
    const owner = `${prefix()}${TEST_OWNER_KEY}:${task.testKey}`;
    // As if the test had waited in the queue until its owner record had a minute left (well below the
    // result's lifetime, and long enough for the compile and run on a busy CI host).
    await redis.set(owner, "someone", "EX", 60);
    await selfTest(task);
    const [ownerTtl, resultTtl] = await Promise.all([redis.ttl(owner), redis.ttl(`${prefix()}${TEST_RESULT_KEY}:${task.testKey}`)]);
    expect(ownerTtl).toBeGreaterThan(TEST_RESULT_TTL_S - 30);
    expect(Math.abs(ownerTtl - resultTtl)).toBeLessThanOrEqual(1);
    expect(await redis.get(owner)).toBe("someone");
  });

  it("refuses an input longer than the self-test allows", async () => {
    const r = await selfTest(testTask(C_AB, "1 ".repeat(501), null));
    expect(r.status).toBe(JudgeStatus.SYSTEM_ERROR);
    expect(r.errorMessage).toMatch(/1000 characters/);
  });

  it("runs file IO problems with the input in the named file", async () => {
    const task = testTask(
      `#include <stdio.h>\nint main(){ FILE *i = fopen("in.txt", "r"), *o = fopen("out.txt", "w"); int a, b; fscanf(i, "%d %d", &a, &b); fprintf(o, "%d\\n", a + b); return 0; }`,
      "2 3",
      "5",
    );
    task.problem = { ...task.problem, isFileIO: true, ioReadFileName: "in.txt", ioWriteFileName: "out.txt" };
    expect((await selfTest(task)).status).toBe(JudgeStatus.ACCEPTED);
  });

  it("is not held up by long judging", async () => {
    const { hash, cases } = await storeCases([{ input: "1 2\n", output: "3\n" }]);
    const slow = submission("C", `#include <unistd.h>\nint main(){ for (;;) pause(); }`, problem(hash, cases, { timeLimit: 200 }));
    await enqueue(redis, slow);
    // The only submission slot is busy sleeping: stopped by the wall clock (1.6 s), then run again
    // with three and nine times it, about 20 s in all.
    await waitFor("the slow submission to start", async () => (judge.info().running > 0 ? true : null));
    const r = await selfTest(testTask(C_AB, "5 6", "11"));
    expect(r.status).toBe(JudgeStatus.ACCEPTED);
    // The self-test was answered while the submission was still running.
    expect((await allResults(redis)).some((m) => m.type === "final" && m.submissionId === slow.submissionId)).toBe(false);
    const final = await finalOf(redis, slow.submissionId);
    expect(final.status).toBe(JudgeStatus.TIME_LIMIT_EXCEEDED);
  });
});
