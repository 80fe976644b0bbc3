import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import { runDirect } from "../../../judge-service/src";
import { CPP_AB, judgeEnv, problem, startDataServer, storeCases, submission, type DataServer } from "./support";

// The benchmark's direct path: the same compile and runs as the consumer, without Redis.

let server: DataServer;

beforeAll(async () => {
  server = await startDataServer();
});

afterAll(async () => {
  await server?.close();
});

describe("runDirect", () => {
  it("judges a submission straight against go-judge and times it", async () => {
    const { hash, cases } = await storeCases([
      { input: "1 2\n", output: "3\n" },
      { input: "4 5\n", output: "9\n" },
    ]);
    const task = submission("C++ 17 With O2", CPP_AB, problem(hash, cases));
    const first = await runDirect(task, { options: { ...judgeEnv(), webInternalUrl: server.url } });
    expect(first.final.status).toBe(JudgeStatus.ACCEPTED);
    expect(first.final.cases).toHaveLength(2);
    // Compiling, Judging, and one message per case.
    expect(first.messages).toBe(4);
    expect(first.elapsedMs).toBeGreaterThan(0);
  });
});
