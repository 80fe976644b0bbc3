// Constants of the AI helper shared by the problem page's panel and the server.

export const AI_LIMITS = {
  /** One question typed into the panel. */
  questionMax: 2000,
  /** One message of the conversation sent back with the next question (earlier replies included). */
  messageMax: 16_000,
  /** Messages of the conversation kept and sent with a question (the oldest are dropped first). */
  historyMax: 20,
  /** The panel's width on wide screens (spec: 600-800 px). */
  panelMin: 600,
  panelMax: 800,
  /** Replies one user may ask for in an hour, unless the admin sets another number. */
  defaultPerHour: 30,
  perHourMax: 10_000,
  baseUrlMax: 300,
  apiKeyMax: 500,
  modelMax: 100,
  systemPromptMax: 4000,
} as const;

export const AI_PANEL_STORAGE = "oj:ai:width";

export interface AiMessage {
  role: "user" | "assistant";
  content: string;
}

/** The events of the panel's stream (server-sent events of POST /problem/:id/ai-reply). */
export type AiStreamEvent = { event: "delta"; text: string } | { event: "done" } | { event: "error"; message: string; status: number };
