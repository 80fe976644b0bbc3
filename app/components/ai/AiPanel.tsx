import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from "react";
import { Link } from "@remix-run/react";
import { AI_LIMITS, AI_PANEL_STORAGE } from "~/lib/ai";
import { withBase } from "~/lib/base-path";
import { useTranslation } from "~/lib/translation";
import type { AiChatProps } from "./AiChat";

// The problem page's AI helper: a side panel (600-800 px on wide screens, resizable; the whole
// width on phones) opened and closed by a <details> toggle, so it opens without JavaScript too.
// Without JavaScript the panel holds a question box whose buttons post the editor's form (its code
// and language, through form="submit-form") to /problem/:id/ai, which answers with the whole
// reply. With JavaScript the chat, which streams replies in, is fetched only when the panel opens.

const LazyAiChat = lazy<ComponentType<AiChatProps>>(() => import("./AiChat").then((m) => ({ default: m.AiChat })));

/**
 * Classes for the page that holds the panel: on wide screens, while the panel is open, the page
 * makes room for it beside (CSS alone, so also without JavaScript).
 */
export const AI_PANEL_ROOM = "md:[&:has(details[data-ai-toggle][open])]:pr-[calc(var(--ai-width,640px)_+_0.5rem)]";

/** The id of the problem page's editor form, whose code and language go with each question. */
export const EDITOR_FORM_ID = "submit-form";

export function AiPanel({ problemId, enabled, signedIn, initiallyOpen = false }: { problemId: string; enabled: boolean; signedIn: boolean; initiallyOpen?: boolean }) {
  const { t } = useTranslation("ai");
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(initiallyOpen);
  const [width, setWidth] = useState<number>(AI_LIMITS.panelMin + 40);
  const details = useRef<HTMLDetailsElement>(null);
  const base = `/problem/${encodeURIComponent(problemId)}`;

  useEffect(() => {
    setHydrated(true);
    const saved = Number(localStorage.getItem(AI_PANEL_STORAGE));
    if (saved >= AI_LIMITS.panelMin && saved <= AI_LIMITS.panelMax) setWidth(saved);
  }, []);

  // The width lives on the root element: the page beside the open panel makes room for it
  // (AI_PANEL_ROOM); without JavaScript both use the default.
  useEffect(() => {
    if (!hydrated) return;
    document.documentElement.style.setProperty("--ai-width", `${width}px`);
    return () => {
      document.documentElement.style.removeProperty("--ai-width");
    };
  }, [hydrated, width]);

  const close = () => {
    if (details.current) details.current.open = false;
    details.current?.querySelector("summary")?.focus();
  };

  return (
    <details
      ref={details}
      className="group"
      data-testid="ai-panel-toggle"
      data-ai-toggle=""
      // Opened by the address (?ai=1) on the server; afterwards the browser alone opens and closes it.
      open={initiallyOpen}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onKeyDown={(e) => {
        if (e.key === "Escape" && details.current?.open) {
          e.stopPropagation();
          close();
        }
      }}
    >
      <summary
        className="cursor-pointer list-none rounded border border-brand px-3 py-1 text-sm text-brand group-open:fixed group-open:right-3 group-open:top-2 group-open:z-[71] group-open:bg-white [&::-webkit-details-marker]:hidden"
        data-testid="ai-open"
      >
        <span className="group-open:hidden">{t("panel.open")}</span>
        <span className="hidden group-open:inline">{t("panel.close")}</span>
      </summary>
      <section
        aria-label={t("panel.title")}
        className="fixed inset-y-0 right-0 z-[70] flex w-full flex-col border-l bg-white shadow-2xl md:w-[var(--ai-width,640px)]"
        data-testid="ai-panel"
      >
        <h2 className="border-b px-4 py-3 pr-40 font-semibold">{t("panel.title")}</h2>
        {!signedIn ? (
          <p className="p-4 text-sm text-gray-700" data-testid="ai-login">
            {t("panel.login")}{" "}
            <Link to="/login" data-auth="login" className="text-brand underline">
              {t("panel.loginLink")}
            </Link>
          </p>
        ) : !enabled ? (
          <p className="m-4 rounded border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900" role="status" data-testid="ai-off">
            {t("panel.off")}
          </p>
        ) : !hydrated ? (
          <div className="flex flex-col gap-2 p-4" data-testid="ai-nojs-form">
            <p className="text-sm text-gray-700">{t("panel.intro")}</p>
            <p className="text-xs text-gray-700">{t("panel.noJsHint")}</p>
            <label className="text-sm" htmlFor="ai-question-nojs">
              {t("panel.question")}
            </label>
            <textarea id="ai-question-nojs" name="question" form={EDITOR_FORM_ID} rows={4} maxLength={AI_LIMITS.questionMax} className="w-full rounded border border-gray-400 p-2 text-sm" />
            <div className="flex flex-wrap gap-2">
              <button type="submit" form={EDITOR_FORM_ID} formAction={withBase(`${base}/ai`)} formMethod="post" name="intent" value="chat" className="rounded bg-brand px-4 py-1.5 text-sm text-white" data-testid="ai-send">
                {t("panel.send")}
              </button>
              <button type="submit" form={EDITOR_FORM_ID} formAction={withBase(`${base}/ai`)} formMethod="post" name="intent" value="analyse" className="rounded border border-gray-400 px-4 py-1.5 text-sm" data-testid="ai-analyse">
                {t("panel.analyse")}
              </button>
            </div>
          </div>
        ) : open ? (
          <Suspense fallback={<p className="p-4 text-sm text-gray-700">{t("panel.loading")}</p>}>
            <LazyAiChat replyUrl={`${base}/ai-reply`} width={width} onWidth={setWidth} />
          </Suspense>
        ) : null}
      </section>
    </details>
  );
}
