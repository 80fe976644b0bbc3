import { JudgeStatus } from "../../../app/lib/constants";
import type { TaskCase } from "../../../app/lib/judge-protocol";
import { MS, type CopyInFile, type SandboxResult } from "../sandbox";
import { classifyRun } from "../verdict";
import { cpuMsOf, stoppedByWallClock, withWallReruns, type Attempt } from "../wall-clock";
import { JUDGE_PROGRAM_ENV, JudgeProgram, checkerDecision, judgeProgramLimits } from "./spj";
import { FEEDBACK_COPY_IN, FEEDBACK_COPY_OUT, FEEDBACK_DIR, kattisDecision } from "./kattis";
import { caseResult, type Job, type ProblemKind } from "./types";
import { logRerun, runMessage, userCommand, userLimitsNs } from "./user-run";

// Interactive problems: the user's program and the interactor talk through two pipes. The
// interactor runs as `interactor <input> <tout> <answer>` with twice the user's limits and decides
// like a checker (testlib exit codes). The user's own failure to stay within its limits comes first;
// then a failing interactor (exit code 3, a crash, its own limits), which is a System Error even when
// the program then died of the closed pipe; then the interactor's wrong-answer verdict, before the
// user's crash (a program told it was wrong often dies of a closed pipe).
//
// Each program's CPU time counts against its own limit (the user's is the time shown); waiting for
// the other is no CPU time. A pair the wall clock stopped (either program) before either used its CPU
// time is run again with more wall time (wall-clock.ts), counting both programs' CPU time as the work
// the pair did.

export function interactiveKind(): ProblemKind {
  const interactor = new JudgeProgram("interactor");

  async function runPair(job: Job, c: TaskCase, clockMs: number): Promise<[SandboxResult, SandboxResult]> {
    const input: CopyInFile = await job.files.ref(job.data.path(c.input), job.data.size(c.input), job.signal);
    const answer: CopyInFile = await job.files.ref(job.data.path(c.output), job.data.size(c.output), job.signal);
    const stderrMax = job.ctx.settings.stderrBytes;
    const user = userCommand(job);
    const kattis = job.problem.spjProtocol === "kattis";
    const outMax = job.ctx.settings.judgeProgramOutputBytes;
    const [u, it] = await interactor.with(job, (fileId) =>
      job.ctx.sandbox.run(
        [
          { ...user, clockLimit: clockMs * MS, files: [null, null, { name: "stderr", max: stderrMax, pipe: true }] },
          kattis
            ? {
                // The package format's interactive validator: input, answer and its feedback folder.
                args: ["./interactor", "input", "answer", FEEDBACK_DIR],
                env: JUDGE_PROGRAM_ENV,
                files: [null, null, { name: "stderr", max: outMax, pipe: true }],
                ...judgeProgramLimits(job, clockMs),
                copyIn: { ...interactor.copyIn(job, fileId, "interactor"), ...FEEDBACK_COPY_IN, input, answer },
                copyOut: ["stderr", ...FEEDBACK_COPY_OUT],
                copyOutMax: outMax,
              }
            : {
                args: ["./interactor", "input", "tout", "answer"],
                env: JUDGE_PROGRAM_ENV,
                files: [null, null, { name: "stderr", max: outMax, pipe: true }],
                ...judgeProgramLimits(job, clockMs),
                copyIn: { ...interactor.copyIn(job, fileId, "interactor"), input, answer },
              },
        ],
        [
          { in: { index: 0, fd: 1 }, out: { index: 1, fd: 0 } },
          { in: { index: 1, fd: 1 }, out: { index: 0, fd: 0 } },
        ],
        job.signal,
      ),
    );
    await job.ctx.sandbox.deleteAll([...Object.values(u.fileIds ?? {}), ...Object.values(it.fileIds ?? {})]);
    return [u, it];
  }

  return {
    prepare: (job) => interactor.prepare(job),
    async runCase(job, c) {
      const interactorMs = judgeProgramLimits(job).cpuLimit / MS;
      const { value: [u, it], clockMs } = await withWallReruns({
        settings: job.ctx.settings,
        clockMs: job.limits.clockMs,
        attempt: async (clockMs): Promise<Attempt<[SandboxResult, SandboxResult]>> => {
          const pair = await runPair(job, c, clockMs);
          const [u, it] = pair;
          const limits: Array<[SandboxResult, number]> = [
            [u, job.limits.timeMs],
            [it, interactorMs],
          ];
          // Each program is held to its own CPU time; one past it decides, whatever stopped the other.
          const pastCpu = limits.some(([r, ms]) => r.status === "Time Limit Exceeded" && !stoppedByWallClock(r, ms));
          const wallStopped = !pastCpu && limits.some(([r, ms]) => stoppedByWallClock(r, ms));
          return { value: pair, wallStopped, cpuMs: cpuMsOf(u, it) };
        },
        budget: job.reruns,
        onRerun: logRerun(job, "interactive pair"),
      });
      const stderr = u.files?.stderr ?? "";
      const v = classifyRun(u, { ...userLimitsNs(job), clockMs }, { memoryMarkers: job.lang.memoryMarkers, stderr });
      const base = { timeMs: v.timeMs, memoryKb: v.memoryKb };
      const max = job.ctx.settings.caseMessageBytes;
      if (v.status === JudgeStatus.TIME_LIMIT_EXCEEDED || v.status === JudgeStatus.MEMORY_LIMIT_EXCEEDED || v.status === JudgeStatus.SYSTEM_ERROR) {
        return caseResult(c, { ...base, status: v.status, message: v.message });
      }
      const d = job.problem.spjProtocol === "kattis" ? kattisDecision(it, c, max, "interactive validator") : checkerDecision(it, c, job.problem.type, max, "interactor");
      if (d.status === JudgeStatus.SYSTEM_ERROR || d.status === JudgeStatus.WRONG_ANSWER || d.status === JudgeStatus.PRESENTATION_ERROR) {
        return caseResult(c, { ...base, status: d.status, message: d.message });
      }
      if (v.status !== JudgeStatus.ACCEPTED) return caseResult(c, { ...base, status: v.status, message: runMessage(v, stderr, max) });
      return caseResult(c, { ...base, status: d.status, score: d.score, message: d.message });
    },
  };
}
