// What the scoreboard pages show of a row and a cell (spec section 2 "Scoreboards"): the ACM cell
// classes, the OI cell classes, times as H:MM:SS, and readable text on an award's colour. Shared by
// the server-rendered board and its live refresh.

export type AcmCellInfo = { isAC: boolean; isFirstAC: boolean; isAfterContest: boolean; ACTime: number | null; errorNum: number; tryNum: number | null };

export type AcmCellClass = "first-ac" | "ac" | "after-ac" | "try" | "wa";

export function acmCellClass(c: AcmCellInfo): AcmCellClass {
  if (c.isAC) return c.isAfterContest ? "after-ac" : c.isFirstAC ? "first-ac" : "ac";
  if ((c.tryNum ?? 0) > 0) return "try";
  return "wa";
}

export type OiCellClass = "full" | "zero" | "partial";

export function oiCellClass(score: number, full: boolean): OiCellClass {
  if (full) return "full";
  return score === 0 ? "zero" : "partial";
}

/** Tailwind classes of the cells: white text on colours of at least 4.5:1. */
export const CELL_STYLE: Record<AcmCellClass | OiCellClass, string> = {
  "first-ac": "bg-green-900 text-white",
  ac: "bg-green-700 text-white",
  "after-ac": "bg-teal-700 text-white",
  try: "bg-amber-700 text-white",
  wa: "bg-red-700 text-white",
  full: "bg-green-700 text-white",
  zero: "bg-red-700 text-white",
  partial: "bg-amber-700 text-white",
};

/** Seconds as H:MM:SS. */
export function hms(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

function channel(v: number): number {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Black or white, whichever reads better on a #rrggbb background (an award's box). */
export function readableOn(background: string | null | undefined): string {
  const m = /^#?([0-9a-f]{6})$/i.exec((background ?? "").trim());
  if (!m) return "#000000";
  const n = parseInt(m[1], 16);
  const l = 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  return (1.05 / (l + 0.05)) >= ((l + 0.05) / 0.05) ? "#ffffff" : "#000000";
}

/** The browser's key of the users followed on a contest's board. */
export const followKey = (cid: number) => `contest-follow-${cid}`;
