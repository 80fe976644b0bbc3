// A reference model of testlib's random generator, written in TypeScript with BigInt from testlib's
// documented algorithm, to check the C++ header (judge-service/sandbox/testlib.h) against something
// that shares no code with it. It models exactly what a generator's output depends on: the seed
// taken from the command line, the engine, and how many draws each call takes and in what order.
//
//   engine      seed' = (seed * 0x5DEECE66D + 0xB) mod 2^48; a draw of k <= 48 bits is seed' >> (48 - k);
//               63 bits = (31 bits << 32) xor 32 bits (31 bits with random generator version 0)
//   seed        3905348978240129619, then for each argument after argv[0]: for each byte b (as a
//               signed char, widened to 32 bits) seed = seed * M + b + 0xB, then seed += M / 0xB
//               (all mod 2^64), finally mod 2^48
//   next(int n)            n a power of two: (n * bits31) >> 31; else bits31 redrawn until below
//                          floor(INT_MAX / n) * n, then mod n
//   next(long long n)      the same with 63 bits and LLONG_MAX, no power-of-two case
//   next(from, to)         next(long long)(to - from + 1) + from, also for ints
//   next()                 ((bits26 << 27) + bits27) / 2^53
//   wnext(n, type)         |type| < 25: the max (type > 0) or min (type < 0) of |type| + 1 draws;
//                          else one draw p = u^(1/(type+1)) or 1 - u^(1/(1-type)), floor(n * p)
//   shuffle, perm          element i (from the second up) swaps with next(i + 1)
//   distinct               redraws until new while the expected draws sum(n / (n - i + 1)) stay
//                          below the range's size n, else the first values of perm(n, from)
//   partition              size - 1 distinct cut points of [1, sum' + size - 1], sorted, gaps
//   next(pattern)          count then each character, then which alternative or rest follows

const M = 0x5deece66dn;
const ADDEND = 0xbn;
const MASK48 = (1n << 48n) - 1n;
const MASK64 = (1n << 64n) - 1n;
const LLONG_MAX = (1n << 63n) - 1n;
const INT_MAX = 2147483647;

export class TestlibRandom {
  private seed = 3905348978240129619n;

  /** version: 0 or 1 as given to registerGen, -1 when registerGen was not called (draws as 1). */
  constructor(private readonly version = 1) {}

  static forCommandLine(args: Array<string | Buffer>, version: number): TestlibRandom {
    const r = new TestlibRandom(version);
    let s = 3905348978240129619n;
    for (const arg of args) {
      const bytes = typeof arg === "string" ? Buffer.from(arg, "utf8") : arg;
      for (const b of bytes) {
        const widened = b >= 128 ? BigInt(b) + 0xffffff00n : BigInt(b);
        s = (s * M + widened + ADDEND) & MASK64;
      }
      s = (s + M / ADDEND) & MASK64;
    }
    r.seed = s & MASK48;
    return r;
  }

  setSeed(value: bigint): void {
    this.seed = (BigInt.asUintN(64, value) ^ M) & MASK48;
  }

  bits(count: number): bigint {
    if (count <= 48) {
      this.seed = (this.seed * M + ADDEND) & MASK48;
      return this.seed >> BigInt(48 - count);
    }
    const high = this.bits(31) << 32n;
    const low = this.bits(this.version === 0 ? 31 : 32);
    return high ^ low;
  }

  /** next(int n): [0, n). */
  int(n: number): number {
    if ((n & -n) === n) return Number((BigInt(n) * this.bits(31)) >> 31n);
    const limit = BigInt(Math.floor(INT_MAX / n) * n);
    for (;;) {
      const b = this.bits(31);
      if (b < limit) return Number(b % BigInt(n));
    }
  }

  /** next(long long n): [0, n). */
  long(n: bigint): bigint {
    const limit = (LLONG_MAX / n) * n;
    for (;;) {
      const b = this.bits(63);
      if (b < limit) return b % n;
    }
  }

  /** next(int from, int to) and next(long long from, long long to). */
  range(from: number, to: number): number {
    return Number(this.long(BigInt(to) - BigInt(from) + 1n)) + from;
  }
  longRange(from: bigint, to: bigint): bigint {
    return this.long(to - from + 1n) + from;
  }

  /** next(): [0, 1). */
  double(): number {
    const high = this.bits(26) << 27n;
    const low = this.bits(27);
    return Number(high + low) / 2 ** 53;
  }
  doubleUpTo(n: number): number {
    return crop(n * this.double(), 0, n);
  }
  doubleRange(from: number, to: number): number {
    return this.doubleUpTo(to - from) + from;
  }

  private powered(type: number): number {
    return type > 0 ? Math.pow(this.double(), 1 / (type + 1)) : 1 - Math.pow(this.double(), 1 / (-type + 1));
  }

  wint(n: number, type: number): number {
    if (Math.abs(type) < 25) return extreme(type, () => this.int(n));
    return Math.min(Math.max(Math.trunc(n * this.powered(type)), 0), n - 1);
  }
  wlong(n: bigint, type: number): bigint {
    if (Math.abs(type) < 25) {
      let r = this.long(n);
      for (let i = 0; i < Math.abs(type); i++) {
        const x = this.long(n);
        r = type > 0 ? (x > r ? x : r) : x < r ? x : r;
      }
      return r;
    }
    const v = BigInt(Math.trunc(Number(n) * this.powered(type)));
    return v < 0n ? 0n : v > n - 1n ? n - 1n : v;
  }
  wdouble(n: number, type: number): number {
    if (Math.abs(type) < 25) return n * extreme(type, () => this.double());
    return crop(n * this.powered(type), 0, n);
  }
  wrange(from: number, to: number, type: number): number {
    return this.wint(to - from + 1, type) + from;
  }

  shuffle<T>(a: T[]): void {
    for (let i = 1; i < a.length; i++) {
      const j = this.int(i + 1);
      [a[i], a[j]] = [a[j], a[i]];
    }
  }

  /** perm(size, first) with an int size. */
  perm(size: number, first = 0): number[] {
    const p = Array.from({ length: size }, (_, i) => first + i);
    this.shuffle(p);
    return p;
  }

  /** distinct(size, from, to) for ints. */
  distinct(size: number, from: number, to: number): number[] {
    if (size === 0) return [];
    const n = to - from + 1;
    let expected = 0;
    for (let i = 1; i <= size; i++) expected += n / (n - i + 1);
    if (expected < n) {
      const seen = new Set<number>();
      const out: number[] = [];
      while (seen.size < size) {
        const x = this.range(from, to);
        if (!seen.has(x)) {
          seen.add(x);
          out.push(x);
        }
      }
      return out;
    }
    return this.perm(n, from).slice(0, size);
  }

  /** partition(size, sum, minPart) for ints. */
  partition(size: number, sum: number, minPart = 1): number[] {
    if (size === 0) return [];
    const free = sum - minPart * size;
    const cuts = [0, ...this.distinct(size - 1, 1, free + size - 1)].sort((a, b) => a - b);
    const out: number[] = [];
    for (let i = 0; i + 1 < size; i++) out.push(cuts[i + 1] - cuts[i] - 1);
    out.push(free + size - 1 - cuts[size - 1]);
    return out.map((x) => x + minPart);
  }

  /** next(pattern), on bytes: the result as a latin1 string (one character per byte). */
  pattern(text: string): string {
    const out: number[] = [];
    generate(parsePattern(Array.from(Buffer.from(text, "latin1"))), this, out);
    return Buffer.from(out).toString("latin1");
  }
}

function extreme(type: number, draw: () => number): number {
  let r = draw();
  for (let i = 0; i < Math.abs(type); i++) r = type > 0 ? Math.max(r, draw()) : Math.min(r, draw());
  return r;
}

function crop(v: number, lo: number, hi: number): number {
  const x = Math.min(Math.max(v, lo), hi);
  if (x < hi) return x;
  // The double just below hi (hi > 0 here).
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, hi);
  view.setBigUint64(0, view.getBigUint64(0) - 1n);
  return view.getFloat64(0);
}

interface Node {
  chars: number[];
  from: number;
  to: number;
  children: Node[];
}

const BACKSLASH = 92;
const asSigned = (c: number) => (c << 24) >> 24;
const bySigned = (a: number, b: number) => asSigned(a) - asSigned(b);

function special(s: number[], pos: number, c: string): boolean {
  if (pos >= s.length) return false;
  let slashes = 0;
  for (let b = pos; b > 0 && s[b - 1] === BACKSLASH; b--) slashes++;
  return slashes % 2 === 0 && s[pos] === c.charCodeAt(0);
}

function illegal(s: number[]): never {
  throw new Error(`illegal pattern ${Buffer.from(s).toString("latin1")}`);
}

function parsePattern(text: number[]): Node {
  const s = text.filter((_, i) => !special(text, i, " "));
  let opened = 0;
  let firstClose = -1;
  const seps: number[] = [];
  s.forEach((_, i) => {
    if (special(s, i, "(")) opened++;
    else if (special(s, i, ")")) {
      opened--;
      if (opened === 0 && firstClose === -1) firstClose = i;
    } else {
      if (opened < 0) illegal(s);
      if (opened === 0 && special(s, i, "|")) seps.push(i);
    }
  });
  if (opened !== 0) illegal(s);
  const node: Node = { chars: [], from: 0, to: 0, children: [] };
  if (seps.length === 0 && firstClose + 1 === s.length && special(s, 0, "(") && special(s, s.length - 1, ")")) {
    node.children.push(parsePattern(s.slice(1, -1)));
    return node;
  }
  if (seps.length > 0) {
    let last = 0;
    for (const sep of [...seps, s.length]) {
      node.children.push(parsePattern(s.slice(last, sep)));
      last = sep + 1;
    }
    return node;
  }
  const at = { pos: 0 };
  const char = () => {
    at.pos += s[at.pos] === BACKSLASH ? 2 : 1;
    return at.pos - 1 < s.length ? s[at.pos - 1] : 0;
  };
  if (s.length === 0) illegal(s);
  if (special(s, 0, "[")) {
    at.pos = 1;
    const negative = special(s, at.pos, "^");
    if (negative) at.pos++;
    let set: number[] = [];
    let prev = 0;
    while (at.pos < s.length && !special(s, at.pos, "]")) {
      if (special(s, at.pos, "-") && prev !== 0) {
        at.pos++;
        if (at.pos + 1 === s.length || special(s, at.pos, "]")) {
          set.push(prev);
          prev = "-".charCodeAt(0);
          continue;
        }
        const last = char();
        for (let c = asSigned(prev); c <= asSigned(last); c++) set.push(c & 255);
        prev = 0;
      } else {
        if (prev !== 0) set.push(prev);
        prev = char();
      }
    }
    if (prev !== 0) set.push(prev);
    if (!special(s, at.pos, "]")) illegal(s);
    at.pos++;
    if (negative) set = Array.from({ length: 255 }, (_, c) => c).filter((c) => !set.includes(c));
    node.chars = set.sort(bySigned);
  } else {
    node.chars = [char()];
  }
  node.from = node.to = 1;
  if (special(s, at.pos, "{")) {
    const close = s.indexOf("}".charCodeAt(0), at.pos);
    const parts = Buffer.from(s.slice(at.pos + 1, close)).toString("latin1").split(",");
    node.from = Number(parts[0]);
    node.to = Number(parts[parts.length - 1] || parts[0]);
    at.pos = close + 1;
  } else if (special(s, at.pos, "?")) {
    node.from = 0;
    at.pos++;
  } else if (special(s, at.pos, "*") || special(s, at.pos, "+")) {
    throw new Error("* and + cannot be generated");
  }
  if (at.pos < s.length) node.children.push(parsePattern(s.slice(at.pos)));
  return node;
}

function generate(node: Node, r: TestlibRandom, out: number[]): void {
  if (node.to > 0) {
    const count = r.int(node.to - node.from + 1) + node.from;
    for (let i = 0; i < count; i++) out.push(node.chars[r.int(node.chars.length)]);
  }
  if (node.children.length > 0) generate(node.children[r.int(node.children.length)], r, out);
}

/** A double as the 16 hex digits of its bits, as the C++ side prints it. */
export function doubleBits(x: number): string {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  return view.getBigUint64(0).toString(16).padStart(16, "0");
}
