import { z } from "zod";
import { AI_LIMITS } from "~/lib/ai";
import { AiConfig, type AiConfigDoc } from "~/models/ai-config.server";
import { DomainError } from "../errors.server";
import { env } from "../platform/env.server";
import { endpointUrlRefusal } from "./endpoint.server";

// The AI helper's settings: stored by a super admin on /admin/ai, with defaults from the
// environment (AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_SYSTEM_PROMPT) until then. The key never
// leaves the server: pages get `publicAiConfig()`, which shows only its last characters.

const CONFIG_ID = "ai";
const CACHE_MS = 3000;

export type AiSettings = Omit<AiConfigDoc, "_id" | "gmtModified">;

/** What the tutor is told when the admin writes no system prompt. */
export const DEFAULT_SYSTEM_PROMPT =
  "You are a patient programming tutor on an online judge. Help the learner understand the problem and find the mistakes in their code by themselves: explain ideas, point at the lines that are wrong and why, and suggest what to try. Do not hand out a complete solution. Answer in the learner's language.";

function envDefaults(): AiSettings {
  return {
    enabled: !!(env.ai.baseUrl && env.ai.model),
    baseUrl: env.ai.baseUrl,
    apiKey: env.ai.apiKey,
    model: env.ai.model,
    systemPrompt: env.ai.systemPrompt,
    perHour: AI_LIMITS.defaultPerHour,
  };
}

let cached: { value: AiSettings; at: number } | null = null;

export async function getAiSettings(): Promise<AiSettings> {
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
  const doc = await AiConfig.findById(CONFIG_ID).lean<AiConfigDoc>();
  const value = envDefaults();
  if (doc) {
    value.enabled = !!doc.enabled;
    value.baseUrl = doc.baseUrl ?? "";
    value.apiKey = doc.apiKey ?? "";
    value.model = doc.model ?? "";
    value.systemPrompt = doc.systemPrompt ?? "";
    value.perHour = typeof doc.perHour === "number" && doc.perHour > 0 ? doc.perHour : AI_LIMITS.defaultPerHour;
  }
  cached = { value, at: Date.now() };
  return value;
}

/** On only when switched on with an address and a model (a key is optional: local servers need none). */
export function aiActive(s: AiSettings): boolean {
  return s.enabled && !!s.baseUrl && !!s.model;
}

export async function aiEnabled(): Promise<boolean> {
  return aiActive(await getAiSettings());
}

/** The key as pages may show it: its last four characters, or nothing when it is short. */
export function maskKey(key: string): string {
  if (!key) return "";
  return key.length > 8 ? `••••${key.slice(-4)}` : "••••";
}

/** The settings for the admin page: everything but the key itself. */
export async function publicAiConfig() {
  const s = await getAiSettings();
  return {
    enabled: s.enabled,
    active: aiActive(s),
    baseUrl: s.baseUrl,
    model: s.model,
    systemPrompt: s.systemPrompt,
    perHour: s.perHour,
    apiKeySet: !!s.apiKey,
    apiKeyMasked: maskKey(s.apiKey),
  };
}

const E = "ai:admin.errors.";
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname;
  } catch {
    return false;
  }
}

const line = (max: number) =>
  z
    .string({ invalid_type_error: `${E}invalid` })
    .trim()
    .max(max, `${E}tooLong`)
    .refine((s) => !CONTROL_CHARS.test(s), `${E}controlChars`);

const switchField = z.preprocess(
  (v) => (v === true || v === "true" || v === "on" || v === "1" ? true : v === false || v === "false" || v === "0" || v === undefined ? false : v),
  z.boolean({ invalid_type_error: `${E}invalid` }),
);

/**
 * The admin form. `apiKey` empty keeps the stored key; `clearApiKey` removes it. Switching on needs
 * an address and a model.
 */
export const aiConfigSchema = z
  .object({
    enabled: switchField,
    baseUrl: line(AI_LIMITS.baseUrlMax).refine((s) => s === "" || isHttpUrl(s), `${E}urlInvalid`),
    apiKey: line(AI_LIMITS.apiKeyMax).optional().default(""),
    clearApiKey: switchField.optional().default(false),
    model: line(AI_LIMITS.modelMax),
    systemPrompt: z
      .string({ invalid_type_error: `${E}invalid` })
      .trim()
      .max(AI_LIMITS.systemPromptMax, `${E}tooLong`)
      .refine((s) => !s.includes("\u0000"), `${E}controlChars`),
    perHour: z.preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v),
      z.number({ invalid_type_error: `${E}perHourInvalid`, required_error: `${E}perHourInvalid` }).int(`${E}perHourInvalid`).min(1, `${E}perHourInvalid`).max(AI_LIMITS.perHourMax, `${E}perHourInvalid`),
    ),
  })
  .superRefine((v, ctx) => {
    if (!v.enabled) return;
    if (!v.baseUrl) ctx.addIssue({ code: "custom", path: ["baseUrl"], message: `${E}baseUrlRequired` });
    if (!v.model) ctx.addIssue({ code: "custom", path: ["model"], message: `${E}modelRequired` });
  });

export type AiConfigInput = z.infer<typeof aiConfigSchema>;

/** A base URL the server will not call (endpoint.server.ts); the form shows it beside `baseUrl`. */
export class AiEndpointError extends DomainError {
  readonly field = "baseUrl";
}

/** Saves the settings; an address that is not public (unless allowed) is refused with AiEndpointError. */
export async function updateAiSettings(input: AiConfigInput): Promise<void> {
  const refusal = await endpointUrlRefusal(input.baseUrl);
  if (refusal) throw new AiEndpointError("invalid", refusal.key, refusal.params);
  const current = await getAiSettings();
  const apiKey = input.clearApiKey ? "" : input.apiKey || current.apiKey;
  await AiConfig.updateOne(
    { _id: CONFIG_ID },
    {
      $set: {
        enabled: input.enabled,
        baseUrl: input.baseUrl.replace(/\/+$/, ""),
        apiKey,
        model: input.model,
        systemPrompt: input.systemPrompt,
        perHour: input.perHour,
        gmtModified: new Date(),
      },
    },
    { upsert: true },
  );
  cached = null;
}
