import type { FinalMessage, SubmissionTask } from "../../app/lib/judge-protocol";
import type { JudgeContext } from "./context";
import { judgeSubmission } from "./judge";
import { createJudgeContext, judgeOptions, type JudgeOverrides } from "./setup";

// The same compile and runs as the consumer, straight against go-judge and without Redis: the
// benchmark compares end-to-end judging with this.

export interface DirectResult {
  final: FinalMessage;
  /** Wall time of judging (compile, test data, cases), ms. */
  elapsedMs: number;
  /** Progress and case messages the consumer would have published. */
  messages: number;
}

export async function runDirect(task: SubmissionTask, o: { context?: JudgeContext; options?: JudgeOverrides } = {}): Promise<DirectResult> {
  const ctx = o.context ?? (await createJudgeContext(judgeOptions(o.options)));
  let messages = 0;
  const started = performance.now();
  const final = await judgeSubmission(
    ctx,
    task,
    async () => {
      messages++;
    },
    new AbortController().signal,
  );
  return { final, elapsedMs: performance.now() - started, messages };
}
