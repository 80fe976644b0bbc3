import type { LanguageInfo } from "./languages";

// When a problem page loads its code editor (CodeMirror, a few separate modules). On a wide screen
// with a mouse the editor's modules are preloaded with the page and the editor takes the plain
// textarea's place right after hydration. Elsewhere (phones) nothing of it is fetched until the
// reader scrolls to the code area or touches it; the textarea works meanwhile and what was typed
// in it goes into the editor.

/** Where the editor is loaded with the page; the media of its modules' preload links. */
export const EDITOR_EAGER_MEDIA = "(min-width: 768px) and (pointer: fine)";

/** The package (or file) each editor mode is imported from, to find its module in the build. */
export const EDITOR_MODE_SOURCES: Record<LanguageInfo["mode"], string> = {
  c: "@codemirror/lang-cpp/",
  cpp: "@codemirror/lang-cpp/",
  java: "@codemirror/lang-java/",
  python: "@codemirror/lang-python/",
  go: "@codemirror/lang-go/",
  javascript: "@codemirror/lang-javascript/",
  rust: "@codemirror/lang-rust/",
  php: "@codemirror/lang-php/",
  ruby: "@codemirror/legacy-modes/mode/ruby.",
  csharp: "@codemirror/legacy-modes/mode/clike.",
};

/** The editor module's source, as the build names its entry. */
export const EDITOR_SOURCE = "app/components/problem/editor/code-editor.ts";

/** A theme's source file, as the build names it. */
export const editorThemeSource = (theme: string) => `app/components/problem/editor/themes/${theme}.ts`;
