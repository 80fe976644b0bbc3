import { effectiveLimits, languageInfo } from "./languages";

// Problem rules the browser needs too (filters, limits display, examples).

/** This site's own problems in the OJ filter, and the remote judges of spec section 1. */
export const OWN_OJ = "ME";
export const REMOTE_OJS = ["HOJ", "HDU", "CF", "POJ", "GYM", "AC", "SPOJ"] as const;
export const OJ_FILTERS = [OWN_OJ, ...REMOTE_OJS] as const;

/** A remote problem's OJ is the part of its display id before the dash (spec section 9). */
export function remoteOjOf(problemId: string): string | null {
  const i = problemId.indexOf("-");
  if (i <= 0) return null;
  const prefix = problemId.slice(0, i).toUpperCase();
  return (REMOTE_OJS as readonly string[]).includes(prefix) ? prefix : null;
}

/** Tags shown per row in a classification popover (spec section 9). */
export const TAGS_PER_ROW = 6;
export const TAG_POPOVER_WIDTH = 400;

export interface LimitsRow {
  /** "cFamily" for C/C++ as stated, "others" doubled; "all" when one rule holds for all. */
  kind: "cFamily" | "others" | "all";
  time: number;
  memory: number;
}

/**
 * Limits as shown on a problem page: C/C++ as stated, other languages doubled; CF and GYM
 * problems as is. Only rows for languages the problem accepts are returned.
 */
export function displayedLimits(p: { problemId: string; isRemote: boolean; timeLimit: number; memoryLimit: number; languages: readonly string[] }): LimitsRow[] {
  const oj = p.isRemote ? remoteOjOf(p.problemId) : null;
  if (oj === "CF" || oj === "GYM") return [{ kind: "all", time: p.timeLimit, memory: p.memoryLimit }];
  const langs = p.languages.length ? p.languages : ["C++"];
  const hasC = langs.some((l) => languageInfo(l)?.cFamily ?? false);
  const other = langs.find((l) => !(languageInfo(l)?.cFamily ?? false));
  const rows: LimitsRow[] = [];
  if (hasC) rows.push({ kind: other ? "cFamily" : "all", time: p.timeLimit, memory: p.memoryLimit });
  if (other) {
    const l = effectiveLimits(other, p.timeLimit, p.memoryLimit);
    rows.push({ kind: hasC ? "others" : "all", time: l.time, memory: l.memory });
  }
  return rows;
}

/** HOJ's examples string: <input>…</input><output>…</output> per example. */
export function examplesToHoj(examples: ReadonlyArray<{ input: string; output: string }>): string {
  return examples.map((e) => `<input>${e.input}</input><output>${e.output}</output>`).join("");
}

/** Where the editor keeps things in localStorage (spec section 3, local storage). */
export const EDITOR_STORAGE = {
  settings: "oj:editor:settings",
  code: (pid: number) => `oj:code:${pid}`,
} as const;

export const EDITOR_THEMES = ["solarized", "monokai", "material", "idea", "eclipse", "base16-dark", "cobalt", "dracula"] as const;
export type EditorTheme = (typeof EDITOR_THEMES)[number];
export const EDITOR_FONT_SIZES = [12, 14, 16, 18, 20, 24] as const;
export const EDITOR_TAB_SIZES = [2, 4, 8] as const;
export const EDITOR_DEFAULTS = { theme: "solarized" as EditorTheme, fontSize: 16, tabSize: 4, height: 550 } as const;
