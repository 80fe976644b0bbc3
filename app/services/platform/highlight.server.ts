import Prism from "prismjs";
import loadLanguages from "prismjs/components/index.js";
import { languageInfo } from "~/lib/languages";

// Code highlighting on the server (submission code, code blocks in statements): the browser gets
// ready <span class="token …"> markup and the Prism theme's CSS, never Prism itself.

const GRAMMARS = ["c", "cpp", "java", "python", "go", "javascript", "rust", "php", "ruby", "csharp"] as const;
let loaded = false;

function ensureGrammars(): void {
  if (loaded) return;
  loadLanguages([...GRAMMARS]);
  loaded = true;
}

const ALIASES: Record<string, string> = {
  "c++": "cpp",
  cc: "cpp",
  cxx: "cpp",
  py: "python",
  python3: "python",
  python2: "python",
  js: "javascript",
  node: "javascript",
  golang: "go",
  rs: "rust",
  rb: "ruby",
  cs: "csharp",
  "c#": "csharp",
};

/** The Prism grammar name for a submission language (HOJ name) or a fenced block's tag. */
export function grammarFor(language: string): string | null {
  const info = languageInfo(language);
  if (info) return info.mode;
  const key = language.trim().toLowerCase();
  const name = ALIASES[key] ?? key;
  return (GRAMMARS as readonly string[]).includes(name) ? name : null;
}

function escape(s: string): string {
  return s.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
}

/** Highlighted HTML of `code` (escaped plain text when the language is unknown). */
export function highlightToHtml(code: string, language: string): string {
  const name = grammarFor(language);
  if (!name) return escape(code);
  ensureGrammars();
  const grammar = Prism.languages[name];
  return grammar ? Prism.highlight(code, grammar, name) : escape(code);
}
