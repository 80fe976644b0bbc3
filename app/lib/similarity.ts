// What the similarity pages show of a pair (pure, shared by the server and the browser): a
// program's lines cut into the parts each shared fragment covers, the fragments' line ranges, and
// a similarity as a whole percentage.

/** A region of one program: rows and columns from 0, as the comparison reports them. */
export interface Region {
  s: number;
  c: number;
  e: number;
  ec: number;
}

/** A piece of a line: plain (fragment null) or inside a shared fragment (numbered from 1). */
export interface Segment {
  text: string;
  fragment: number | null;
}

export interface MarkedLine {
  /** 1-based line number. */
  number: number;
  segments: Segment[];
  /** The fragments this line has a part of (for the gutter's text). */
  fragments: number[];
}

/** The column after the token that starts at `col` (a region ends at its last token's start). */
function tokenEnd(line: string, col: number): number {
  if (col >= line.length) return line.length;
  const word = /^[A-Za-z0-9_]+/.exec(line.slice(col));
  return col + (word ? word[0].length : 1);
}

/**
 * The program's lines, each cut where fragments begin and end. Regions are numbered in the order
 * given (1, 2, …); where two overlap, the earlier one keeps the characters.
 */
export function markLines(code: string, regions: readonly Region[]): MarkedLine[] {
  const lines = code.replace(/\r\n?/g, "\n").split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  const owner: Array<Int32Array> = lines.map((l) => new Int32Array(l.length));
  regions.forEach((r, i) => {
    const n = i + 1;
    for (let row = Math.max(0, r.s); row <= Math.min(r.e, lines.length - 1); row++) {
      const text = lines[row];
      // Indentation is layout, not shared code: marks start at the line's first character.
      const indent = text.length - text.trimStart().length;
      const from = Math.max(row === r.s ? Math.min(r.c, text.length) : 0, indent);
      const to = row === r.e ? tokenEnd(text, r.ec) : text.length;
      for (let col = from; col < to; col++) if (owner[row][col] === 0) owner[row][col] = n;
    }
  });
  return lines.map((text, row) => {
    const segments: Segment[] = [];
    const fragments = new Set<number>();
    let start = 0;
    for (let col = 1; col <= text.length; col++) {
      if (col === text.length || owner[row][col] !== owner[row][start]) {
        const f = owner[row][start] || null;
        if (f !== null && text.slice(start, col).trim()) fragments.add(f);
        segments.push({ text: text.slice(start, col), fragment: f });
        start = col;
      }
    }
    if (text.length === 0) segments.push({ text: "", fragment: null });
    return { number: row + 1, segments, fragments: [...fragments].sort((a, b) => a - b) };
  });
}

/** A stored fragment's two regions. */
export function regionsOf(f: { ls: number; lc: number; le: number; lec: number; rs: number; rc: number; re: number; rec: number }): { left: Region; right: Region } {
  return { left: { s: f.ls, c: f.lc, e: f.le, ec: f.lec }, right: { s: f.rs, c: f.rc, e: f.re, ec: f.rec } };
}

/** 0.8734 → "87%". */
export function percent(similarity: number): string {
  return `${Math.round(similarity * 100)}%`;
}
