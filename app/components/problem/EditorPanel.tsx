import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { toast } from "~/components/ui/Toast";
import { JudgeStatus, LIMITS } from "~/lib/constants";
import { languageInfo } from "~/lib/languages";
import { EDITOR_EAGER_MEDIA } from "~/lib/editor-loading";
import { EDITOR_DEFAULTS, EDITOR_FONT_SIZES, EDITOR_STORAGE, EDITOR_TAB_SIZES, EDITOR_THEMES, type EditorTheme } from "~/lib/problem";
import type { EditorHandle } from "./editor/code-editor";
import { SelfTestDrawer } from "./SelfTestDrawer";
import { StatusBanner } from "./StatusBanner";
import { apiFetch } from "~/lib/api-fetch";

// The submit form of a problem page. The server renders a plain <select> and <textarea> inside a
// POST form, so submitting works without JavaScript; after hydration (on phones, once the reader
// reaches or touches the code area) CodeMirror (a separate chunk) takes the textarea's place and
// the form is sent without leaving the page.

export interface SubmitResult {
  ok: boolean;
  submitId?: number;
  errors?: Record<string, string>;
  code?: string;
  language?: string;
}

interface Settings {
  theme: EditorTheme;
  fontSize: number;
  tabSize: number;
}

function readSettings(): Settings {
  try {
    const raw = JSON.parse(localStorage.getItem(EDITOR_STORAGE.settings) ?? "{}") as Partial<Settings>;
    return {
      theme: EDITOR_THEMES.includes(raw.theme as EditorTheme) ? (raw.theme as EditorTheme) : EDITOR_DEFAULTS.theme,
      fontSize: (EDITOR_FONT_SIZES as readonly number[]).includes(raw.fontSize ?? 0) ? raw.fontSize! : EDITOR_DEFAULTS.fontSize,
      tabSize: (EDITOR_TAB_SIZES as readonly number[]).includes(raw.tabSize ?? 0) ? raw.tabSize! : EDITOR_DEFAULTS.tabSize,
    };
  } catch {
    return { theme: EDITOR_DEFAULTS.theme, fontSize: EDITOR_DEFAULTS.fontSize, tabSize: EDITOR_DEFAULTS.tabSize };
  }
}

function readSaved(pid: number): { language: string; code: string } | null {
  try {
    const raw = JSON.parse(localStorage.getItem(EDITOR_STORAGE.code(pid)) ?? "null") as { language?: unknown; code?: unknown } | null;
    return raw && typeof raw.language === "string" && typeof raw.code === "string" ? { language: raw.language, code: raw.code } : null;
  } catch {
    return null;
  }
}

export function EditorPanel({
  pid,
  languages,
  defaultLanguage,
  templates,
  judgeOnline,
  signedIn,
  myStatus,
  refused,
  example,
  selfTestAction,
  detailHref,
  cid,
  gid,
}: {
  /** A group's problem page: the self-test is the group's. */
  gid?: number;
  /** A contest's problem page: the last accepted code and the self-test are the contest's. */
  cid?: number;
  pid: number;
  languages: string[];
  defaultLanguage: string;
  templates: Record<string, string>;
  judgeOnline: boolean;
  signedIn: boolean;
  myStatus: number | null;
  /** A refused submission sent without JavaScript comes back with its code and errors. */
  refused: SubmitResult | null;
  example: { input: string; output: string } | null;
  /** Where the editor's form goes for a self-test before the page's scripts run (a page of its own; none offers no such button). */
  selfTestAction?: string;
  /** Where the banner's Details link leads (the contest's frame inside a contest; else /submission-detail/{id}). */
  detailHref?: (submitId: number) => string;
}) {
  const { t } = useTranslation(["problem", "judge", "common"]);
  const fetcher = useFetcher<SubmitResult>();
  const firstLanguage = refused?.language && languages.includes(refused.language) ? refused.language : defaultLanguage;
  const [language, setLanguage] = useState(firstLanguage);
  const [code, setCode] = useState(refused?.code ?? templates[firstLanguage] ?? "");
  const [settings, setSettings] = useState<Settings>({ theme: EDITOR_DEFAULTS.theme, fontSize: EDITOR_DEFAULTS.fontSize, tabSize: EDITOR_DEFAULTS.tabSize });
  const [hydrated, setHydrated] = useState(false);
  const [editorReady, setEditorReady] = useState(false);
  const [testing, setTesting] = useState(false);
  const [submitId, setSubmitId] = useState<number | null>(null);
  const [solvedNow, setSolvedNow] = useState(false);
  const editor = useRef<EditorHandle | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const codeRef = useRef(code);
  codeRef.current = code;
  const languageRef = useRef(language);
  languageRef.current = language;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const languageSelect = useRef<HTMLSelectElement>(null);

  // Restore what this problem's editor held last time, and the global editor settings; then load
  // the editor: at once on a wide screen with a mouse (its modules were preloaded with the page),
  // else (phones) once the reader nears the code area or touches it (lib/editor-loading.ts).
  useEffect(() => {
    setHydrated(true);
    const s = readSettings();
    setSettings(s);
    const saved = refused?.code ? null : readSaved(pid);
    if (saved && languages.includes(saved.language)) {
      languageRef.current = saved.language;
      setLanguage(saved.language);
      setCode(saved.code);
      if (textarea.current) textarea.current.value = saved.code;
    }
    // A language picked before the page became interactive is the one shown, and the one sent.
    const picked = languageSelect.current?.value;
    if (picked && picked !== firstLanguage && languages.includes(picked)) {
      languageRef.current = picked;
      setLanguage(picked);
    }
    let cancelled = false;
    let started = false;
    const area = textarea.current;
    let observer: IntersectionObserver | null = null;
    const load = () => {
      if (started || cancelled) return;
      started = true;
      observer?.disconnect();
      void import("./editor/code-editor")
        .then(({ mountEditor }) =>
          mountEditor(host.current!, {
            doc: textarea.current?.value ?? codeRef.current,
            mode: languageInfo(languageRef.current)?.mode ?? null,
            theme: s.theme,
            fontSize: s.fontSize,
            tabSize: s.tabSize,
            height: EDITOR_DEFAULTS.height,
            label: t("problem:editor.code"),
            onChange: (value) => setCode(value),
          }),
        )
        .then((handle) => {
          if (cancelled) return handle.destroy();
          // Whatever was typed in the textarea while the editor loaded goes on in the editor.
          const ta = textarea.current;
          const typed = ta?.value ?? codeRef.current;
          if (handle.getCode() !== typed) handle.setCode(typed);
          const hadFocus = !!ta && document.activeElement === ta;
          editor.current = handle;
          setEditorReady(true);
          if (hadFocus) handle.focus(ta.selectionStart);
        })
        .catch(() => {
          // Without the editor chunk the plain textarea stays: nothing is lost.
          started = false;
        });
    };
    const eager = window.matchMedia(EDITOR_EAGER_MEDIA).matches || typeof IntersectionObserver === "undefined" || !area;
    if (eager) load();
    else {
      observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), { rootMargin: "200px 0px" });
      observer.observe(area);
      area.addEventListener("pointerdown", load);
      area.addEventListener("focus", load);
    }
    return () => {
      cancelled = true;
      observer?.disconnect();
      area?.removeEventListener("pointerdown", load);
      area?.removeEventListener("focus", load);
      editor.current?.destroy();
      editor.current = null;
    };
    // Runs once per problem; later changes go through the handle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pid]);

  // The code and language of this problem are kept in the browser between visits.
  useEffect(() => {
    if (!hydrated) return;
    const id = window.setTimeout(() => {
      try {
        localStorage.setItem(EDITOR_STORAGE.code(pid), JSON.stringify({ language, code }));
      } catch {
        // Storage full or disabled: the editor still works.
      }
    }, 300);
    return () => window.clearTimeout(id);
  }, [hydrated, pid, language, code]);

  const saveSettings = (next: Settings) => {
    setSettings(next);
    try {
      localStorage.setItem(EDITOR_STORAGE.settings, JSON.stringify(next));
    } catch {
      // ignored: settings just are not remembered
    }
  };

  const replaceCode = useCallback((next: string) => {
    setCode(next);
    editor.current?.setCode(next);
  }, []);

  const changeLanguage = (next: string) => {
    // Untouched starting code follows the language; anything the learner wrote stays.
    const untouched = !code.trim() || code === templates[language];
    setLanguage(next);
    if (untouched) replaceCode(templates[next] ?? "");
    void editor.current?.setMode(languageInfo(next)?.mode ?? null);
  };

  const reset = () => {
    if (!window.confirm(t("problem:editor.resetConfirm"))) return;
    replaceCode(templates[language] ?? "");
  };

  const lastAccepted = async () => {
    if (myStatus !== JudgeStatus.ACCEPTED && !solvedNow) {
      toast.error("problem:editor.notPassedYet");
      return;
    }
    if (!window.confirm(t("problem:editor.lastAcConfirm"))) return;
    try {
      const res = await apiFetch(`/ojapi/get-last-ac-code?pid=${pid}${cid ? `&cid=${cid}` : ""}`);
      const body = (await res.json()) as { status: number; msg: string; data: { code: string; language: string } | null };
      if (body.status !== 200 || !body.data) return toast.text("error", body.msg);
      if (languages.includes(body.data.language)) {
        setLanguage(body.data.language);
        void editor.current?.setMode(languageInfo(body.data.language)?.mode ?? null);
      }
      replaceCode(body.data.code);
    } catch {
      toast.error("errors.network");
    }
  };

  useEffect(() => {
    const d = fetcher.data;
    if (fetcher.state !== "idle" || !d) return;
    if (d.ok && d.submitId) {
      setSubmitId(d.submitId);
      toast.success("problem:submitted");
    } else if (d.errors) {
      toast.text("error", Object.values(d.errors)[0] ?? t("common:errors.server"));
    }
  }, [fetcher.state, fetcher.data, t]);

  const errors = (fetcher.data && !fetcher.data.ok ? fetcher.data.errors : null) ?? (refused && !refused.ok ? refused.errors : null) ?? null;
  const busy = fetcher.state !== "idle";
  const selectCls = "rounded border px-2 py-1 text-sm";

  return (
    <div className="flex flex-col gap-2" data-testid="editor-panel">
      <fetcher.Form method="post" className="flex flex-col gap-2" id="submit-form">
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <div className="flex flex-wrap items-center gap-2">
          <label className="text-sm">
            <span className="sr-only">{t("problem:editor.language")}</span>
            <select ref={languageSelect} name="language" value={language} onChange={(e) => changeLanguage(e.target.value)} className={selectCls} data-testid="language-select">
              {languages.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          {hydrated ? (
            <>
              <select aria-label={t("problem:editor.theme")} value={settings.theme} onChange={(e) => {
                const theme = e.target.value as EditorTheme;
                saveSettings({ ...settings, theme });
                void editor.current?.setTheme(theme);
              }} className={selectCls}>
                {EDITOR_THEMES.map((th) => (
                  <option key={th} value={th}>
                    {th}
                  </option>
                ))}
              </select>
              <select aria-label={t("problem:editor.fontSize")} value={settings.fontSize} onChange={(e) => {
                const fontSize = Number(e.target.value);
                saveSettings({ ...settings, fontSize });
                editor.current?.setFontSize(fontSize);
              }} className={selectCls}>
                {EDITOR_FONT_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}px
                  </option>
                ))}
              </select>
              <select aria-label={t("problem:editor.tabSize")} value={settings.tabSize} onChange={(e) => {
                const tabSize = Number(e.target.value);
                saveSettings({ ...settings, tabSize });
                editor.current?.setTabSize(tabSize);
              }} className={selectCls}>
                {EDITOR_TAB_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {t("problem:editor.tabSizeOption", { n })}
                  </option>
                ))}
              </select>
              <button type="button" onClick={reset} className="rounded border px-2 py-1 text-sm">
                {t("problem:editor.reset")}
              </button>
              {signedIn ? (
                <button type="button" onClick={lastAccepted} className="rounded border px-2 py-1 text-sm">
                  {t("problem:editor.lastAc")}
                </button>
              ) : null}
            </>
          ) : null}
        </div>
        {!judgeOnline ? <p className="text-xs text-yellow-700">{t("problem:editor.noJudgeOnline")}</p> : null}
        {judgeOnline && languages.length === 0 ? (
          <p className="text-sm text-yellow-800" role="alert" data-testid="no-language-judge">
            {t("problem:editor.noLanguageJudge")}
          </p>
        ) : null}
        <div ref={host} className={editorReady ? "overflow-hidden rounded border" : "hidden"} data-testid="code-editor" />
        <textarea
          ref={textarea}
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          maxLength={LIMITS.codeMax}
          spellCheck={false}
          aria-label={t("problem:editor.code")}
          className={editorReady ? "sr-only" : "h-[550px] w-full rounded border p-2 font-mono text-sm"}
          tabIndex={editorReady ? -1 : undefined}
          aria-hidden={editorReady ? true : undefined}
          data-testid="code-textarea"
        />
        {errors ? (
          <ul className="text-sm text-red-600" role="alert" data-testid="submit-errors">
            {Object.values(errors).map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          {hydrated && signedIn ? (
            <button type="button" onClick={() => setTesting(true)} className="rounded border px-3 py-1 text-sm" data-testid="open-self-test">
              {t("problem:selfTest.open")}
            </button>
          ) : null}
          {!hydrated && signedIn && selfTestAction ? (
            <button type="submit" formAction={selfTestAction} className="rounded border px-3 py-1 text-sm" data-testid="open-self-test-page">
              {t("problem:selfTest.open")}
            </button>
          ) : null}
          <button type="submit" disabled={busy || languages.length === 0} className="ml-auto rounded bg-brand px-5 py-1.5 text-sm text-white disabled:opacity-60" data-testid="submit-code">
            {busy ? t("problem:editor.submitting") : t("problem:editor.submit")}
          </button>
        </div>
      </fetcher.Form>
      {submitId ? <StatusBanner submitId={submitId} detailHref={detailHref?.(submitId)} onFinal={(s) => s === JudgeStatus.ACCEPTED && setSolvedNow(true)} /> : null}
      {testing ? (
        <SelfTestDrawer
          cid={cid}
          gid={gid}
          pid={pid}
          language={language}
          getCode={() => editor.current?.getCode() ?? code}
          initialInput={example?.input ?? ""}
          initialOutput={example?.output ?? ""}
          onClose={() => setTesting(false)}
        />
      ) : null}
    </div>
  );
}
