import { describe, expect, it } from "vitest";
import { JudgeStatus } from "~/lib/constants";
import type { CaseResult, TaskCase } from "~/lib/judge-protocol";
import { runCases, RunSlots } from "../../../judge-service/src/run-cases";

// The flow over the cases with free slots: results taken in case order, what the mode would not have
// run dropped, slots given back. The step here is a timer whose length and verdict each case names.

const cases = (n: number, group: (index: number) => number = () => 0): TaskCase[] =>
  Array.from({ length: n }, (_, i) => ({ index: i + 1, input: `${i + 1}.in`, output: `${i + 1}.out`, score: 10, groupNum: group(i + 1) }));

function stepOf(plan: Record<number, { ms: number; status?: number }>) {
  const log = { started: [] as number[], running: 0, maxRunning: 0 };
  const step = async (c: TaskCase): Promise<CaseResult> => {
    log.started.push(c.index);
    log.running++;
    log.maxRunning = Math.max(log.maxRunning, log.running);
    const p = plan[c.index] ?? { ms: 5 };
    await new Promise((r) => setTimeout(r, p.ms));
    log.running--;
    const status = p.status ?? JudgeStatus.ACCEPTED;
    return { index: c.index, status, time: p.ms, memory: 1, score: status === JudgeStatus.ACCEPTED ? c.score : 0, groupNum: c.groupNum, inputData: c.input, outputData: c.output, userOutput: "", message: "" };
  };
  return { step, log };
}

describe("runCases on free slots", () => {
  it("runs as many cases at once as slots are free and publishes them in case order", async () => {
    const slots = new RunSlots(3);
    const leave = slots.enter();
    // Later cases finish first.
    const { step, log } = stepOf({ 1: { ms: 60 }, 2: { ms: 30 }, 3: { ms: 5 }, 4: { ms: 5 }, 5: { ms: 5 } });
    const published: number[] = [];
    const r = await runCases({ cases: cases(5), mode: "default", problemType: 0, step, slots, onCase: async (c) => void published.push(c.index) });
    leave();
    expect(log.maxRunning).toBe(3);
    expect(published).toEqual([1, 2, 3, 4, 5]);
    expect(r.results.map((x) => x.index)).toEqual([1, 2, 3, 4, 5]);
    expect(slots.busy).toBe(0);
  });

  it("takes no slot another submission holds", async () => {
    const slots = new RunSlots(2);
    const leaveA = slots.enter();
    const leaveB = slots.enter();
    const { step, log } = stepOf({});
    await runCases({ cases: cases(4), mode: "default", problemType: 0, step, slots });
    expect(log.maxRunning).toBe(1);
    leaveA();
    leaveB();
    expect(slots.tryBorrow()).toBe(true);
    slots.giveBack();
  });

  it("stop at first failure: a case run ahead after the failure is dropped, as if never run", async () => {
    const slots = new RunSlots(4);
    const leave = slots.enter();
    const plan = { 1: { ms: 5 }, 2: { ms: 40, status: JudgeStatus.WRONG_ANSWER }, 3: { ms: 5 }, 4: { ms: 5 }, 5: { ms: 5 } };
    const { step, log } = stepOf(plan);
    const published: number[] = [];
    const r = await runCases({ cases: cases(5), mode: "ergodic_without_error", problemType: 0, step, slots, onCase: async (c) => void published.push(c.index) });
    leave();
    // Cases 3 and 4 ran beside case 2 and were dropped.
    expect(log.started.length).toBeGreaterThan(2);
    expect(published).toEqual([1, 2]);
    expect(r.results.map((x) => x.index)).toEqual([1, 2]);
    expect(r.summary.status).toBe(JudgeStatus.WRONG_ANSWER);
    const alone = await runCases({ cases: cases(5), mode: "ergodic_without_error", problemType: 0, step: stepOf(plan).step });
    expect(alone.results.map((x) => x.index)).toEqual(r.results.map((x) => x.index));
    expect(alone.summary).toEqual(r.summary);
  });

  it("lowest of the group: a failed group's later cases are dropped, the next group's kept", async () => {
    const slots = new RunSlots(4);
    const leave = slots.enter();
    const group = (i: number) => (i <= 3 ? 1 : 2);
    const plan = { 1: { ms: 30, status: JudgeStatus.TIME_LIMIT_EXCEEDED }, 2: { ms: 5 }, 3: { ms: 5 }, 4: { ms: 5 }, 5: { ms: 5 } };
    const r = await runCases({ cases: cases(5, group), mode: "subtask_lowest", problemType: 1, step: stepOf(plan).step, slots });
    leave();
    const alone = await runCases({ cases: cases(5, group), mode: "subtask_lowest", problemType: 1, step: stepOf(plan).step });
    expect(r.results.map((x) => x.index)).toEqual([1, 4, 5]);
    expect(r.results).toEqual(alone.results);
    expect(r.summary).toEqual(alone.summary);
  });

  it("a failing step fails the flow only once everything started has ended", async () => {
    const slots = new RunSlots(3);
    const leave = slots.enter();
    let running = 0;
    const step = async (c: TaskCase): Promise<CaseResult> => {
      running++;
      try {
        await new Promise((r) => setTimeout(r, c.index === 1 ? 5 : 30));
        if (c.index === 1) throw new Error("sandbox gone");
        return { index: c.index, status: 0, time: 1, memory: 1, score: 0, groupNum: 0, inputData: "", outputData: "", userOutput: "", message: "" };
      } finally {
        running--;
      }
    };
    await expect(runCases({ cases: cases(3), mode: "default", problemType: 0, step, slots })).rejects.toThrow("sandbox gone");
    expect(running).toBe(0);
    leave();
    expect(slots.busy).toBe(0);
  });
});
