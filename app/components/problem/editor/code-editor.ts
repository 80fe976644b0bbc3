import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { bracketMatching, indentOnInput, indentUnit, StreamLanguage } from "@codemirror/language";
import { Compartment, EditorState, type Extension } from "@codemirror/state";
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from "@codemirror/view";
import type { EditorTheme } from "~/lib/problem";
import type { LanguageInfo } from "~/lib/languages";

// The code editor (CodeMirror 6). This module is only ever loaded with a dynamic import() after the
// problem page has hydrated; language modes and themes are separate chunks loaded when chosen. The
// page preloads this module, the default mode and theme where it loads the editor at once
// (services/platform/module-preload.server.ts finds them in the build by their sources:
// lib/editor-loading.ts names them).

type Mode = LanguageInfo["mode"];

const MODES: Record<Mode, () => Promise<Extension>> = {
  c: () => import("@codemirror/lang-cpp").then((m) => m.cpp()),
  cpp: () => import("@codemirror/lang-cpp").then((m) => m.cpp()),
  java: () => import("@codemirror/lang-java").then((m) => m.java()),
  python: () => import("@codemirror/lang-python").then((m) => m.python()),
  go: () => import("@codemirror/lang-go").then((m) => m.go()),
  javascript: () => import("@codemirror/lang-javascript").then((m) => m.javascript()),
  rust: () => import("@codemirror/lang-rust").then((m) => m.rust()),
  php: () => import("@codemirror/lang-php").then((m) => m.php({ plain: false })),
  ruby: () => import("@codemirror/legacy-modes/mode/ruby").then((m) => StreamLanguage.define(m.ruby)),
  csharp: () => import("@codemirror/legacy-modes/mode/clike").then((m) => StreamLanguage.define(m.csharp)),
};

const THEMES: Record<EditorTheme, () => Promise<{ default: Extension }>> = {
  solarized: () => import("./themes/solarized"),
  monokai: () => import("./themes/monokai"),
  material: () => import("./themes/material"),
  idea: () => import("./themes/idea"),
  eclipse: () => import("./themes/eclipse"),
  "base16-dark": () => import("./themes/base16-dark"),
  cobalt: () => import("./themes/cobalt"),
  dracula: () => import("./themes/dracula"),
};

export interface EditorOptions {
  doc: string;
  mode: Mode | null;
  theme: EditorTheme;
  fontSize: number;
  tabSize: number;
  height: number;
  label: string;
  onChange: (code: string) => void;
}

export interface EditorHandle {
  getCode(): string;
  setCode(code: string): void;
  setMode(mode: Mode | null): Promise<void>;
  setTheme(theme: EditorTheme): Promise<void>;
  setFontSize(px: number): void;
  setTabSize(n: number): void;
  /** Focuses the editor, with the cursor at this offset when given. */
  focus(at?: number): void;
  destroy(): void;
}

function sizing(fontSize: number, height: number): Extension {
  return EditorView.theme({
    "&": { fontSize: `${fontSize}px`, height: `${height}px` },
    ".cm-scroller": { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace", overflow: "auto" },
  });
}

function tabs(n: number): Extension {
  return [EditorState.tabSize.of(n), indentUnit.of(" ".repeat(n))];
}

export async function mountEditor(parent: HTMLElement, o: EditorOptions): Promise<EditorHandle> {
  const language = new Compartment();
  const theme = new Compartment();
  const size = new Compartment();
  const tab = new Compartment();
  let fontSize = o.fontSize;
  const [modeExt, themeExt] = await Promise.all([o.mode ? MODES[o.mode]() : Promise.resolve([]), THEMES[o.theme]().then((m) => m.default)]);
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: o.doc,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        drawSelection(),
        history(),
        indentOnInput(),
        bracketMatching(),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorView.contentAttributes.of({ "aria-label": o.label }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) o.onChange(u.state.doc.toString());
        }),
        language.of(modeExt),
        theme.of(themeExt),
        size.of(sizing(o.fontSize, o.height)),
        tab.of(tabs(o.tabSize)),
      ],
    }),
  });
  // A newer choice wins over a slower chunk that arrives later.
  let modeSeq = 0;
  let themeSeq = 0;
  return {
    getCode: () => view.state.doc.toString(),
    setCode(code) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code } });
    },
    async setMode(mode) {
      const seq = ++modeSeq;
      const ext = mode ? await MODES[mode]() : [];
      if (seq === modeSeq) view.dispatch({ effects: language.reconfigure(ext) });
    },
    async setTheme(name) {
      const seq = ++themeSeq;
      const ext = (await THEMES[name]()).default;
      if (seq === themeSeq) view.dispatch({ effects: theme.reconfigure(ext) });
    },
    setFontSize(px) {
      fontSize = px;
      view.dispatch({ effects: size.reconfigure(sizing(fontSize, o.height)) });
    },
    setTabSize(n) {
      view.dispatch({ effects: tab.reconfigure(tabs(n)) });
    },
    focus(at) {
      if (at !== undefined) view.dispatch({ selection: { anchor: Math.min(Math.max(0, at), view.state.doc.length) } });
      view.focus();
    },
    destroy: () => view.destroy(),
  };
}
