import type { TFunction } from "i18next";
import { AI_LIMITS, type AiMessage } from "~/lib/ai";

// The problem page's AI forms (the panel's stream and the page without JavaScript) carry the
// conversation so far as JSON in `history`, the new `question` (or `intent=analyse`, the
// code-analysis button, whose question is a fixed one), the `language` and the `code`. This turns
// them into the input of aiChatSchema, which validates it as it does HOJ's JSON call.

export interface AiFormInput {
  /** The conversation so far, as the page shows it again (what could not be read is dropped). */
  history: AiMessage[];
  question: string;
  raw: { pid: number; language: string; code: string; analyse: boolean; messages: unknown };
}

function readHistory(value: FormDataEntryValue | null): AiMessage[] {
  if (typeof value !== "string" || !value) return [];
  try {
    const v = JSON.parse(value) as unknown;
    if (!Array.isArray(v)) return [];
    return v
      .filter((m): m is AiMessage => !!m && typeof m === "object" && (m.role === "user" || m.role === "assistant") && typeof m.content === "string")
      .map((m) => ({ role: m.role, content: m.content.slice(0, AI_LIMITS.messageMax) }))
      .slice(-AI_LIMITS.historyMax);
  } catch {
    return [];
  }
}

export function aiFormInput(form: FormData, pid: number, t: TFunction): AiFormInput {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const analyse = text("intent") === "analyse";
  const history = readHistory(form.get("history"));
  const question = analyse ? t("ai:panel.analysePrompt") : text("question").slice(0, AI_LIMITS.questionMax);
  return {
    history,
    question,
    raw: { pid, language: text("language"), code: text("code"), analyse, messages: [...history, { role: "user", content: question }] },
  };
}
