import type { AiMessage } from "~/lib/ai";
import { useTranslation } from "~/lib/translation";

// The messages of a conversation with the AI helper, as the panel and the page without JavaScript
// show them: a log that screen readers follow, the reply being written marked busy.

export function AiConversation({
  messages,
  streaming,
  className = "",
}: {
  messages: AiMessage[];
  streaming?: string | null;
  className?: string;
}) {
  const { t } = useTranslation("ai");
  const shown =
    streaming !== undefined && streaming !== null
      ? [...messages, { role: "assistant" as const, content: streaming }]
      : messages;
  return (
    <div
      role="log"
      aria-label={t("panel.conversation")}
      className={className}
      data-testid="ai-conversation"
    >
      <ol className="space-y-3">
        {shown.length === 0 ? (
          <li className="text-sm text-gray-600">{t("panel.empty")}</li>
        ) : null}
        {shown.map((m, i) => {
          const live =
            streaming !== undefined &&
            streaming !== null &&
            i === shown.length - 1;
          return (
            <li
              key={i}
              className={`rounded p-2 text-sm ${
                m.role === "user"
                  ? "ml-6 bg-blue-50 text-gray-900"
                  : "mr-6 bg-gray-50 text-gray-900"
              }`}
              data-testid={m.role === "user" ? "ai-question" : "ai-answer"}
              aria-busy={live ? true : undefined}
            >
              <div className="mb-1 text-xs font-semibold text-gray-700">
                {m.role === "user" ? t("panel.you") : t("panel.assistant")}
              </div>
              <div className="whitespace-pre-wrap break-words">{m.content}</div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
