import { randomBytes } from "node:crypto";
import { z } from "zod";
import { AI_LIMITS, type AiMessage } from "~/lib/ai";
import { LIMITS } from "~/lib/constants";
import type { ProblemDoc } from "~/models/problem.server";
import { aiHelperRefusal } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { DomainError } from "../errors.server";
import { env } from "../platform/env.server";
import { redis, rkey } from "../platform/redis.server";
import { findVisibleProblemByPid } from "../problem/problems.server";
import { aiActive, DEFAULT_SYSTEM_PROMPT, getAiSettings, type AiSettings } from "./config.server";
import { streamCompletion } from "./completions.server";

// The AI tutor of the problem page (and HOJ's /ojapi/teaching/teachingAiPrompt/ai): the problem's
// statement, the learner's language and code and the conversation go to the admin's
// chat-completions endpoint. One reply at a time per user ("AI busy"), and a number of replies per
// user and hour that the admin sets.

const E = "ai:errors.";

const messagesField = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z
    .array(
      z.object({
        role: z.enum(["system", "user", "assistant"], { errorMap: () => ({ message: `${E}messagesInvalid` }) }),
        content: z.string({ invalid_type_error: `${E}messagesInvalid`, required_error: `${E}messagesInvalid` }).max(AI_LIMITS.messageMax, `${E}messageTooLong`),
      }),
      { invalid_type_error: `${E}messagesInvalid`, required_error: `${E}questionEmpty` },
    )
    .max(AI_LIMITS.historyMax * 5, `${E}messagesInvalid`),
);

const optionalPid = z.preprocess(
  (v) => (v === "" || v === null ? undefined : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v),
  z.number({ invalid_type_error: "common:errors.badRequest" }).int("common:errors.badRequest").positive("common:errors.badRequest").optional(),
);

/** One question to the tutor, from the panel's form, its stream or HOJ's JSON call. */
export const aiChatSchema = z
  .object({
    pid: optionalPid,
    language: z.string({ invalid_type_error: "common:errors.badRequest" }).trim().max(50, "common:errors.badRequest").optional().default(""),
    code: z.string({ invalid_type_error: "common:errors.badRequest" }).max(LIMITS.codeMax, "judge:codeTooLong").optional().default(""),
    /** The code-analysis button: the question is about the code, which must not be empty. */
    analyse: z.preprocess((v) => v === true || v === "true" || v === "1" || v === "on", z.boolean()).optional().default(false),
    messages: messagesField,
  })
  .superRefine((v, ctx) => {
    const last = v.messages[v.messages.length - 1];
    if (!last || last.role !== "user" || !last.content.trim()) ctx.addIssue({ code: "custom", path: ["question"], message: `${E}questionEmpty` });
    if (v.analyse && !v.code.trim()) ctx.addIssue({ code: "custom", path: ["code"], message: `${E}emptyCode` });
  });

export type AiChatInput = z.infer<typeof aiChatSchema>;

/** The statement, the language and the code, as the tutor's context. */
function contextOf(problem: ProblemDoc | null, language: string, code: string): string {
  const parts: string[] = [];
  if (problem) {
    parts.push(`Problem ${problem.problemId}: ${problem.title}`);
    if (problem.description) parts.push(`Description:\n${problem.description}`);
    if (problem.input) parts.push(`Input:\n${problem.input}`);
    if (problem.output) parts.push(`Output:\n${problem.output}`);
    (problem.examples ?? []).slice(0, 3).forEach((e, i) => parts.push(`Sample ${i + 1} input:\n${e.input ?? ""}\nSample ${i + 1} output:\n${e.output ?? ""}`));
    if (problem.hint) parts.push(`Hint:\n${problem.hint}`);
  }
  if (code.trim()) parts.push(`The learner's code${language ? ` (${language})` : ""}:\n\`\`\`\n${code}\n\`\`\``);
  else if (language) parts.push(`The learner writes ${language} and has no code yet.`);
  return parts.join("\n\n");
}

/** The conversation the endpoint receives: the admin's prompt, the context, the last messages. */
export function completionMessages(settings: Pick<AiSettings, "systemPrompt">, problem: ProblemDoc | null, input: AiChatInput) {
  const context = contextOf(problem, input.language, input.code);
  const talk = input.messages.filter((m): m is AiMessage => m.role !== "system").slice(-AI_LIMITS.historyMax);
  return [
    { role: "system" as const, content: settings.systemPrompt.trim() || DEFAULT_SYSTEM_PROMPT },
    ...(context ? [{ role: "system" as const, content: context }] : []),
    ...talk,
  ];
}

const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

export interface AiReply {
  /** Runs the reply, giving each piece to onDelta; the user's turn ends when it settles. */
  stream(onDelta: (text: string) => void, signal?: AbortSignal): Promise<string>;
}

/**
 * Checks everything before the endpoint is called (on, signed in, the problem seen, the input, one
 * reply at a time, the hourly allowance) and takes the user's turn; refusals are DomainErrors.
 * The caller must run `stream` (which gives the turn back however the reply ends).
 */
export async function openAiReply(viewer: CurrentUser | null, input: AiChatInput): Promise<AiReply> {
  const settings = await getAiSettings();
  if (!aiActive(settings)) throw new DomainError("forbidden", `${E}off`);
  const early = aiHelperRefusal(viewer, undefined);
  if (early || !viewer) throw early ?? new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
  let problem: ProblemDoc | null = null;
  if (input.pid !== undefined) {
    problem = await findVisibleProblemByPid(input.pid, viewer);
    const refusal = aiHelperRefusal(viewer, problem);
    if (refusal) throw refusal;
  }

  const busyKey = rkey("ai", "busy", viewer._id);
  const token = randomBytes(12).toString("hex");
  const ttl = env.ai.timeoutMs + 10_000;
  if ((await redis().set(busyKey, token, "PX", ttl, "NX")) !== "OK") throw new DomainError("conflict", `${E}busy`);
  const release = () => redis().eval(RELEASE, 1, busyKey, token).catch(() => undefined);

  try {
    const hour = Math.floor(Date.now() / 3_600_000);
    const countKey = rkey("ai", "rate", viewer._id, hour);
    const [[, used]] = (await redis().multi().incr(countKey).pexpire(countKey, 3_600_000 + 60_000).exec()) as [[unknown, number], unknown];
    if (used > settings.perHour) {
      const minutes = Math.max(1, Math.ceil(((hour + 1) * 3_600_000 - Date.now()) / 60_000));
      throw new DomainError("tooMany", `${E}tooMany`, { limit: settings.perHour, minutes });
    }
  } catch (err) {
    await release();
    throw err;
  }

  const messages = completionMessages(settings, problem, input);
  return {
    async stream(onDelta, signal) {
      try {
        return await streamCompletion({
          baseUrl: settings.baseUrl,
          apiKey: settings.apiKey,
          model: settings.model,
          messages,
          timeoutMs: env.ai.timeoutMs,
          idleTimeoutMs: env.ai.idleTimeoutMs,
          signal,
          onDelta,
        });
      } finally {
        await release();
      }
    },
  };
}

/** A whole reply (the page without JavaScript, HOJ's call). */
export async function askAi(viewer: CurrentUser | null, input: AiChatInput, signal?: AbortSignal): Promise<string> {
  const reply = await openAiReply(viewer, input);
  return reply.stream(() => undefined, signal);
}

/** HOJ's answer: data.message is the completion as a JSON string (choices[].message.content). */
export function hojAiAnswer(reply: string, model: string) {
  return {
    message: JSON.stringify({
      object: "chat.completion",
      model,
      choices: [{ index: 0, message: { role: "assistant", content: reply }, finish_reason: "stop" }],
    }),
  };
}
