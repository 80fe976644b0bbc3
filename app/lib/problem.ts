// Problem rules the browser needs too (filters, the editor). The limits display is in languages.ts,
// HOJ's examples string in testcase-rules.ts.

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
/** The narrowest cell of a tag in the popover: a word of a tag's name fits, a longer name wraps. */
export const TAG_CELL_MIN = "6rem";

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
