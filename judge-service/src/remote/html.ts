// Reading the remote sites' pages without a DOM: their structure is fixed and small, so a few
// helpers over the HTML text do (balanced elements, text with line breaks, entities).

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", le: "≤", ge: "≥", ne: "≠", times: "×", middot: "·", hellip: "…", mdash: "—", ndash: "–", laquo: "«", raquo: "»", copy: "©" };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : all;
    }
    return NAMED[e.toLowerCase()] ?? all;
  });
}

/** Text of an HTML fragment: block ends and <br> become line breaks; runs of blank lines shrink. */
export function textOf(html: string): string {
  const text = html
    .replace(/<script[\s\S]*?<\/script>/gi, "")
    .replace(/<style[\s\S]*?<\/style>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|h[1-6]|tr|pre|section)>/gi, "\n")
    .replace(/<li[^>]*>/gi, "- ")
    .replace(/<[^>]+>/g, "");
  return decodeEntities(text)
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Text of a <pre> sample: kept as is (only tags dropped, entities read), ending in one newline. */
export function preText(html: string): string {
  const t = decodeEntities(html.replace(/<br\s*\/?>/gi, "\n").replace(/<[^>]+>/g, "")).replace(/\r\n?/g, "\n");
  return t.replace(/^\n/, "").replace(/\s+$/, "") + "\n";
}

/**
 * The inner HTML of the first element whose opening tag matches `open` (a regex over the tag, e.g.
 * /<div[^>]*class="[^"]*\bproblem-statement\b/), nested elements of the same name balanced.
 */
export function innerOf(html: string, open: RegExp, from = 0): { inner: string; end: number } | null {
  const re = new RegExp(open.source, open.flags.includes("g") ? open.flags : open.flags + "g");
  re.lastIndex = from;
  const m = re.exec(html);
  if (!m) return null;
  const name = /^<([a-z0-9]+)/i.exec(m[0])?.[1]?.toLowerCase();
  if (!name) return null;
  const start = html.indexOf(">", m.index) + 1;
  if (start <= 0) return null;
  const tags = new RegExp(`<(/?)${name}\\b[^>]*>`, "gi");
  tags.lastIndex = start;
  let depth = 1;
  for (let t = tags.exec(html); t; t = tags.exec(html)) {
    if (t[0].endsWith("/>")) continue;
    depth += t[1] ? -1 : 1;
    if (depth === 0) return { inner: html.slice(start, t.index), end: t.index + t[0].length };
  }
  return { inner: html.slice(start), end: html.length };
}

/** Every element matching `open`, in order. */
export function allInner(html: string, open: RegExp): string[] {
  const out: string[] = [];
  let from = 0;
  for (;;) {
    const found = innerOf(html, open, from);
    if (!found) return out;
    out.push(found.inner);
    from = found.end;
  }
}

/** The value attribute of an <input> with the given name. */
export function inputValue(html: string, name: string): string | null {
  for (const m of html.matchAll(/<input\b[^>]*>/gi)) {
    const tag = m[0];
    if (new RegExp(`\\bname=["']${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["']`).test(tag)) {
      const v = /\bvalue=["']([^"']*)["']/.exec(tag);
      return v ? decodeEntities(v[1]) : "";
    }
  }
  return null;
}

/** The content attribute of a <meta name=...>. */
export function metaContent(html: string, name: string): string | null {
  for (const m of html.matchAll(/<meta\b[^>]*>/gi)) {
    if (new RegExp(`\\bname=["']${name}["']`, "i").test(m[0])) return decodeEntities(/\bcontent=["']([^"']*)["']/.exec(m[0])?.[1] ?? "");
  }
  return null;
}

/** The cells' text of each <tr> of a table fragment. */
export function tableRows(html: string): string[][] {
  return allInner(html, /<tr\b[^>]*>/i).map((row) => allInner(row, /<t[dh]\b[^>]*>/i).map((c) => textOf(c)));
}
