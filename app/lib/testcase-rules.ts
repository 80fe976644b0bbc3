// Rules for test data that the problem form (browser) and the services (server) share: how the
// files of an uploaded archive pair into cases, how OI scores are spread, HOJ's examples string.

export interface CasePair {
  input: string;
  output: string;
}

export interface PairingResult {
  cases: CasePair[];
  /** Inputs without an output and outputs without an input. */
  unpaired: string[];
  /** Files that are no test data at all (wrong extension). */
  ignored: string[];
}

const NUMBER_CHUNK = /(\d+)/;

/** Natural order: "2.in" before "10.in", then plain string order. */
export function naturalCompare(a: string, b: string): number {
  const pa = a.split(NUMBER_CHUNK);
  const pb = b.split(NUMBER_CHUNK);
  const n = Math.min(pa.length, pb.length);
  for (let i = 0; i < n; i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === y) continue;
    if (i % 2 === 1) {
      const d = Number(x) - Number(y);
      if (d !== 0) return d;
      if (x.length !== y.length) return x.length - y.length;
    }
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length;
}

type Side = "in" | "out";

/** The pairing key and side of a file name, or null for a file that is no test data. */
export function classifyTestFile(name: string): { key: string; side: Side; rank: number } | null {
  const lower = name.toLowerCase();
  if (lower.endsWith(".in")) return { key: `a:${name.slice(0, -3)}`, side: "in", rank: 0 };
  if (lower.endsWith(".out")) return { key: `a:${name.slice(0, -4)}`, side: "out", rank: 0 };
  if (lower.endsWith(".ans")) return { key: `a:${name.slice(0, -4)}`, side: "out", rank: 1 };
  if (lower.endsWith(".txt")) {
    const stem = name.slice(0, -4);
    const i = stem.toLowerCase().indexOf("input");
    if (i >= 0) return { key: `t:${stem.slice(0, i)}\u0001${stem.slice(i + 5)}`, side: "in", rank: 0 };
    const o = stem.toLowerCase().indexOf("output");
    if (o >= 0) return { key: `t:${stem.slice(0, o)}\u0001${stem.slice(o + 6)}`, side: "out", rank: 0 };
  }
  return null;
}

/**
 * Pairs test files: `x.in` with `x.out` (or `x.ans`), `input<k>.txt` with `output<k>.txt`. When a
 * case has both an .out and an .ans file the .out file is used and the .ans file is reported.
 */
export function pairTestFiles(names: readonly string[]): PairingResult {
  const inputs = new Map<string, string>();
  const outputs = new Map<string, { name: string; rank: number }>();
  const unpaired: string[] = [];
  const ignored: string[] = [];
  for (const name of names) {
    const c = classifyTestFile(name);
    if (!c) {
      ignored.push(name);
      continue;
    }
    if (c.side === "in") {
      inputs.set(c.key, name);
    } else {
      const prev = outputs.get(c.key);
      if (!prev || c.rank < prev.rank) {
        if (prev) unpaired.push(prev.name);
        outputs.set(c.key, { name, rank: c.rank });
      } else {
        unpaired.push(name);
      }
    }
  }
  const cases: CasePair[] = [];
  for (const [key, input] of inputs) {
    const out = outputs.get(key);
    if (out) {
      cases.push({ input, output: out.name });
      outputs.delete(key);
    } else {
      unpaired.push(input);
    }
  }
  for (const o of outputs.values()) unpaired.push(o.name);
  cases.sort((a, b) => naturalCompare(a.input, b.input));
  unpaired.sort(naturalCompare);
  ignored.sort(naturalCompare);
  return { cases, unpaired, ignored };
}

/**
 * OI scores of uploaded cases (spec section 9): `total` (100) shared equally, and the remainder
 * given one point each to the last cases.
 */
export function distributeScores(count: number, total = 100): number[] {
  if (count <= 0) return [];
  const base = Math.floor(total / count);
  const extra = total - base * count;
  return Array.from({ length: count }, (_, i) => (i >= count - extra ? base + 1 : base));
}

export interface Example {
  input: string;
  output: string;
}

/** HOJ keeps a problem's examples in one string: `<input>…</input><output>…</output>` repeated. */
export function examplesToHoj(examples: readonly Example[]): string {
  return examples.map((e) => `<input>${e.input}</input><output>${e.output}</output>`).join("");
}

export function examplesFromHoj(s: string | null | undefined): Example[] {
  if (!s) return [];
  const out: Example[] = [];
  const re = /<input>([\s\S]*?)<\/input>\s*<output>([\s\S]*?)<\/output>/g;
  for (let m = re.exec(s); m; m = re.exec(s)) out.push({ input: m[1], output: m[2] });
  return out;
}
