import { useEffect, useRef, useState } from "react";
import { toast } from "~/components/ui/Toast";
import { AI_LIMITS, AI_PANEL_STORAGE, type AiMessage, type AiStreamEvent } from "~/lib/ai";
import { withBase } from "~/lib/base-path";
import { useTranslation } from "~/lib/translation";
import { AiConversation } from "./AiConversation";

// The AI helper's chat once the page's scripts run (a chunk of its own, fetched when the panel
// opens): questions go with the editor's code and language to /problem/:id/ai-reply, and the reply
// is shown as its server-sent events arrive. One question at a time; the code-analysis button
// warns when the code is empty. The panel's left edge resizes it (600-800 px).

export interface AiChatProps {
  replyUrl: string;
  width: number;
  onWidth: (w: number) => void;
}

function editorValues(): { code: string; language: string } {
  const form = document.getElementById("submit-form");
  const data = form instanceof HTMLFormElement ? new FormData(form) : null;
  const text = (name: string) => {
    const v = data?.get(name);
    return typeof v === "string" ? v : "";
  };
  return { code: text("code"), language: text("language") };
}

/** Reads server-sent events from a response body, calling `on` with each event's JSON. */
async function readEvents(body: ReadableStream<Uint8Array>, on: (e: AiStreamEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trim())
        .join("\n");
      if (data) on(JSON.parse(data) as AiStreamEvent);
    }
  }
}

const clamp = (w: number) => Math.min(AI_LIMITS.panelMax, Math.max(AI_LIMITS.panelMin, Math.round(w)));

function remember(w: number) {
  try {
    localStorage.setItem(AI_PANEL_STORAGE, String(w));
  } catch {
    // Storage disabled: the width just is not remembered.
  }
}

export function AiChat({ replyUrl, width, onWidth }: AiChatProps) {
  const { t } = useTranslation("ai");
  const [messages, setMessages] = useState<AiMessage[]>([]);
  const [draft, setDraft] = useState("");
  const [streaming, setStreaming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState("");
  const question = useRef<HTMLTextAreaElement>(null);
  const dragging = useRef(false);
  const running = useRef<AbortController | null>(null);
  const widthNow = useRef(width);
  widthNow.current = width;

  useEffect(() => {
    question.current?.focus();
    const move = (e: PointerEvent) => dragging.current && onWidth(clamp(window.innerWidth - e.clientX));
    const up = () => {
      if (!dragging.current) return;
      dragging.current = false;
      document.body.style.userSelect = "";
      remember(widthNow.current);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    return () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      running.current?.abort();
    };
  }, [onWidth]);


  const ask = async (intent: "chat" | "analyse") => {
    if (streaming !== null) {
      toast.warning("ai:errors.busy");
      return;
    }
    const { code, language } = editorValues();
    if (intent === "analyse" && !code.trim()) {
      toast.warning("ai:errors.emptyCode");
      return;
    }
    const text = intent === "analyse" ? t("panel.analysePrompt") : draft.trim();
    if (!text) {
      toast.warning("ai:errors.questionEmpty");
      question.current?.focus();
      return;
    }
    const body = new FormData();
    body.set("intent", intent);
    body.set("question", text);
    body.set("history", JSON.stringify(messages));
    body.set("language", language);
    body.set("code", code);
    const asked: AiMessage[] = [...messages, { role: "user", content: text }];
    setMessages(asked);
    if (intent === "chat") setDraft("");
    setError(null);
    setAnnounce("");
    setStreaming("");
    const controller = new AbortController();
    running.current = controller;
    let reply = "";
    let failure: string | null = null;
    try {
      const res = await fetch(withBase(replyUrl), { method: "POST", body, headers: { Accept: "text/event-stream" }, signal: controller.signal });
      if (!res.ok || !res.body || !(res.headers.get("Content-Type") ?? "").includes("text/event-stream")) {
        const answer = (await res.json().catch(() => null)) as { message?: string } | null;
        failure = answer?.message ?? t("errors.badResponse");
      } else {
        await readEvents(res.body, (e) => {
          if (e.event === "delta") {
            reply += e.text;
            setStreaming(reply);
          } else if (e.event === "error") failure = e.message;
        });
      }
    } catch {
      if (!controller.signal.aborted) failure = t("errors.unreachable");
    }
    running.current = null;
    setStreaming(null);
    if (failure !== null || !reply) {
      // The question stays in the box to ask again; the conversation keeps only answered turns.
      setMessages(messages);
      if (intent === "chat") setDraft(text);
      setError(failure ?? t("errors.badResponse"));
      return;
    }
    setMessages([...asked, { role: "assistant" as const, content: reply }].slice(-AI_LIMITS.historyMax));
    setAnnounce(t("panel.replied"));
  };

  const busy = streaming !== null;
  return (
    <div className="relative flex min-h-0 flex-1 flex-col" data-testid="ai-chat">
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={t("panel.resize")}
        aria-valuenow={width}
        aria-valuemin={AI_LIMITS.panelMin}
        aria-valuemax={AI_LIMITS.panelMax}
        tabIndex={0}
        className="absolute inset-y-0 -left-1 hidden w-2 cursor-col-resize bg-gray-200 hover:bg-brand-light focus:bg-brand-light md:block"
        data-testid="ai-resize"
        onPointerDown={(e) => {
          dragging.current = true;
          document.body.style.userSelect = "none";
          e.preventDefault();
        }}
        onKeyDown={(e) => {
          const step = e.key === "ArrowLeft" ? 20 : e.key === "ArrowRight" ? -20 : 0;
          if (!step) return;
          e.preventDefault();
          const next = clamp(width + step);
          onWidth(next);
          remember(next);
        }}
      />
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        <p className="mb-3 text-sm text-gray-700">{t("panel.intro")}</p>
        <AiConversation messages={messages} streaming={streaming} />
        {error ? (
          <p className="mt-3 text-sm text-red-700" role="alert" data-testid="ai-error">
            {error}
          </p>
        ) : null}
        <p className="sr-only" role="status">
          {busy ? t("panel.sending") : announce}
        </p>
      </div>
      <form
        className="flex flex-col gap-2 border-t p-4"
        onSubmit={(e) => {
          e.preventDefault();
          void ask("chat");
        }}
      >
        <label className="text-sm" htmlFor="ai-question">
          {t("panel.question")}
        </label>
        <textarea
          id="ai-question"
          ref={question}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void ask("chat");
            }
          }}
          rows={3}
          maxLength={AI_LIMITS.questionMax}
          className="w-full rounded border border-gray-400 p-2 text-sm"
          data-testid="ai-question-input"
        />
        <div className="flex flex-wrap items-center gap-2">
          <button type="submit" disabled={busy} className="rounded bg-brand px-4 py-1.5 text-sm text-white disabled:opacity-60" data-testid="ai-send">
            {busy ? t("panel.sending") : t("panel.send")}
          </button>
          <button type="button" disabled={busy} onClick={() => void ask("analyse")} className="rounded border border-gray-400 px-4 py-1.5 text-sm disabled:opacity-60" data-testid="ai-analyse">
            {t("panel.analyse")}
          </button>
          <button
            type="button"
            disabled={busy || messages.length === 0}
            onClick={() => {
              setMessages([]);
              setError(null);
            }}
            className="rounded border border-gray-400 px-3 py-1.5 text-sm disabled:opacity-60"
          >
            {t("panel.clear")}
          </button>
        </div>
      </form>
    </div>
  );
}
