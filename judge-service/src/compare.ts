// Comparing a program's output with the expected answer, in chunks: neither side is ever held whole
// in memory, and a wrong answer is found as soon as both readings disagree.
//
// With isRemoveEndBlank, whitespace at the end of each line and blank lines at the end of the output
// are ignored; without it the bytes must be equal. Outputs that differ only in whitespace get
// Presentation Error; anything else Wrong Answer.

export type CompareVerdict = "AC" | "PE" | "WA";

const SPACE = 0x20;
const NL = 0x0a;

function isBlank(b: number): boolean {
  // space, \t, \n, \v, \f, \r
  return b === SPACE || (b >= 0x09 && b <= 0x0d);
}

/** Turns a byte stream into its normal form, one chunk at a time. */
interface Normalizer {
  push(chunk: Uint8Array): Uint8Array;
  end(): Uint8Array;
  /** Bytes held back until what follows decides about them. */
  readonly held: number;
}

class Identity implements Normalizer {
  readonly held = 0;
  push(chunk: Uint8Array): Uint8Array {
    return chunk;
  }
  end(): Uint8Array {
    return new Uint8Array(0);
  }
}

/** Drops trailing whitespace of each line and blank lines at the end; lines end with \n. */
class RemoveEndBlank implements Normalizer {
  /** Blanks (not \n) seen since the last visible byte of the line; kept only if the line goes on. */
  private blanks: Uint8Array[] = [];
  private blankLength = 0;
  private newlines = 0;

  get held(): number {
    return this.blankLength + this.newlines;
  }

  push(chunk: Uint8Array): Uint8Array {
    // Everything written comes from this chunk or from what was held back before it.
    const out = new Uint8Array(this.newlines + this.blankLength + chunk.length);
    let w = 0;
    let i = 0;
    const n = chunk.length;
    while (i < n) {
      const b = chunk[i];
      if (b === NL) {
        this.blanks = [];
        this.blankLength = 0;
        this.newlines++;
        i++;
        continue;
      }
      let j = i + 1;
      if (isBlank(b)) {
        while (j < n && chunk[j] !== NL && isBlank(chunk[j])) j++;
        this.blanks.push(chunk.slice(i, j));
        this.blankLength += j - i;
        i = j;
        continue;
      }
      if (this.newlines > 0) {
        out.fill(NL, w, w + this.newlines);
        w += this.newlines;
        this.newlines = 0;
      }
      for (const part of this.blanks) {
        out.set(part, w);
        w += part.length;
      }
      this.blanks = [];
      this.blankLength = 0;
      while (j < n && !isBlank(chunk[j])) j++;
      out.set(chunk.subarray(i, j), w);
      w += j - i;
      i = j;
    }
    return out.subarray(0, w);
  }

  end(): Uint8Array {
    return new Uint8Array(0);
  }
}

/** Keeps only the visible bytes. */
class StripBlanks implements Normalizer {
  readonly held = 0;
  push(chunk: Uint8Array): Uint8Array {
    const out = new Uint8Array(chunk.length);
    let w = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (!isBlank(b)) out[w++] = b;
    }
    return out.subarray(0, w);
  }
  end(): Uint8Array {
    return new Uint8Array(0);
  }
}

function same(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));
}

/** Compares two normalised streams as they arrive; keeps only the part one side is ahead by. */
class Matcher {
  private readonly norm: [Normalizer, Normalizer];
  /** Bytes of `aheadSide` the other side has not matched yet. */
  private queue: Uint8Array[] = [];
  private queued = 0;
  private aheadSide: 0 | 1 = 0;
  private ended: [boolean, boolean] = [false, false];
  mismatch = false;

  constructor(make: () => Normalizer) {
    this.norm = [make(), make()];
  }

  get done(): boolean {
    return this.mismatch || (this.ended[0] && this.ended[1]);
  }

  /** Bytes kept in memory now: the unmatched part and what the normalizers hold back. */
  get buffered(): number {
    return this.queued + this.norm[0].held + this.norm[1].held;
  }

  /** True when this matcher cannot progress without more bytes of `side`. */
  needs(side: 0 | 1): boolean {
    if (this.done || this.ended[side]) return false;
    return this.queued === 0 || this.aheadSide !== side;
  }

  push(side: 0 | 1, chunk: Uint8Array): void {
    if (this.mismatch) return;
    this.feed(side, this.norm[side].push(chunk));
  }

  end(side: 0 | 1): void {
    if (this.mismatch || this.ended[side]) return;
    this.feed(side, this.norm[side].end());
    this.ended[side] = true;
    // Bytes one side has that the other, now ended, will never match.
    if (this.queued > 0 && (this.aheadSide !== side || (this.ended[0] && this.ended[1]))) this.mismatch = true;
  }

  private feed(side: 0 | 1, bytes: Uint8Array): void {
    if (bytes.length === 0 || this.mismatch) return;
    const other = side === 0 ? 1 : 0;
    if (this.queued === 0 || this.aheadSide === side) {
      if (this.ended[other]) {
        this.mismatch = true;
        return;
      }
      this.queue.push(bytes);
      this.queued += bytes.length;
      this.aheadSide = side;
      return;
    }
    let off = 0;
    while (off < bytes.length && this.queued > 0) {
      const head = this.queue[0];
      const n = Math.min(head.length, bytes.length - off);
      if (!same(head.subarray(0, n), bytes.subarray(off, off + n))) {
        this.mismatch = true;
        return;
      }
      off += n;
      this.queued -= n;
      if (n === head.length) this.queue.shift();
      else this.queue[0] = head.subarray(n);
    }
    if (off < bytes.length) {
      if (this.ended[other]) {
        this.mismatch = true;
        return;
      }
      this.queue = [bytes.subarray(off)];
      this.queued = bytes.length - off;
      this.aheadSide = side;
    }
  }
}

export const EXPECTED = 0;
export const ACTUAL = 1;

/** Compares the expected answer (side 0) with the program's output (side 1), fed in any chunks. */
export class OutputComparator {
  private readonly exact: Matcher;
  private readonly loose: Matcher;
  /** The most bytes the comparison held at once (both readings together). */
  peakBufferedBytes = 0;

  constructor(removeEndBlank: boolean) {
    this.exact = new Matcher(() => (removeEndBlank ? new RemoveEndBlank() : new Identity()));
    this.loose = new Matcher(() => new StripBlanks());
  }

  push(side: 0 | 1, chunk: Uint8Array): void {
    this.exact.push(side, chunk);
    this.loose.push(side, chunk);
    this.peakBufferedBytes = Math.max(this.peakBufferedBytes, this.exact.buffered + this.loose.buffered);
  }

  end(side: 0 | 1): void {
    this.exact.end(side);
    this.loose.end(side);
  }

  /** Whether more bytes of this side could still change the verdict. */
  needs(side: 0 | 1): boolean {
    if (this.decided() !== null) return false;
    return this.exact.needs(side) || this.loose.needs(side);
  }

  /** The verdict once it is certain, else null. */
  decided(): CompareVerdict | null {
    if (this.loose.mismatch) return "WA";
    if (this.exact.done && !this.exact.mismatch && this.loose.done) return "AC";
    if (this.exact.mismatch && this.loose.done) return this.loose.mismatch ? "WA" : "PE";
    return null;
  }

  /** The verdict after both sides ended. */
  verdict(): CompareVerdict {
    this.end(EXPECTED);
    this.end(ACTUAL);
    return this.decided() ?? "WA";
  }
}

/** Compares two byte strings at once (self-tests, unit tests). */
export function compareBuffers(expected: Uint8Array, actual: Uint8Array, removeEndBlank: boolean): CompareVerdict {
  const c = new OutputComparator(removeEndBlank);
  c.push(EXPECTED, expected);
  c.push(ACTUAL, actual);
  return c.verdict();
}

/**
 * Compares two byte streams, reading from each only as far as needed. `onActual` sees every chunk
 * of the program's output that was read (for keeping its start); `stats` receives the most bytes
 * the comparison held at once.
 */
export async function compareStreams(
  expected: AsyncIterator<Uint8Array>,
  actual: AsyncIterator<Uint8Array>,
  removeEndBlank: boolean,
  onActual?: (chunk: Uint8Array) => void,
  stats?: { peakBufferedBytes: number },
): Promise<CompareVerdict> {
  const c = new OutputComparator(removeEndBlank);
  try {
    return await compareWith(c, expected, actual, onActual);
  } finally {
    if (stats) stats.peakBufferedBytes = c.peakBufferedBytes;
  }
}

async function compareWith(
  c: OutputComparator,
  expected: AsyncIterator<Uint8Array>,
  actual: AsyncIterator<Uint8Array>,
  onActual?: (chunk: Uint8Array) => void,
): Promise<CompareVerdict> {
  const sides = [expected, actual] as const;
  const ended = [false, false];
  const pull = async (side: 0 | 1) => {
    const r = await sides[side].next();
    if (r.done) {
      ended[side] = true;
      c.end(side);
    } else {
      if (side === ACTUAL) onActual?.(r.value);
      c.push(side, r.value);
    }
  };
  while (c.decided() === null) {
    const wantE = !ended[EXPECTED] && c.needs(EXPECTED);
    const wantA = !ended[ACTUAL] && c.needs(ACTUAL);
    if (!wantE && !wantA) {
      // Neither matcher is waiting: read whichever side is still open.
      if (!ended[EXPECTED]) await pull(EXPECTED);
      else if (!ended[ACTUAL]) await pull(ACTUAL);
      else break;
      continue;
    }
    if (wantE && wantA) await Promise.all([pull(EXPECTED), pull(ACTUAL)]);
    else if (wantE) await pull(EXPECTED);
    else await pull(ACTUAL);
  }
  return c.decided() ?? c.verdict();
}
