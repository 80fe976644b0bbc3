// Text on a colour chosen by an admin (a tag's colour): black or white, whichever reads better.
// One of the two always reaches WCAG AA's 4.5:1 for normal text.

function channel(v: number): number {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of #rgb or #rrggbb; null for anything else. */
export function luminance(hex: string): number | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string, b: string): number {
  const la = luminance(a) ?? 1;
  const lb = luminance(b) ?? 1;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The text colour for a chip of background `bg`. */
export function textOn(bg: string): "#000000" | "#ffffff" {
  return contrastRatio(bg, "#000000") >= contrastRatio(bg, "#ffffff") ? "#000000" : "#ffffff";
}

/** Style of a chip filled with an admin's colour. */
export function chipStyle(bg: string): { backgroundColor: string; color: string } {
  return { backgroundColor: bg, color: textOn(bg) };
}
