import { describe, expect, it } from "vitest";
import { compareBuffers, compareStreams, type CompareVerdict } from "../../../judge-service/src/compare";

const b = (s: string) => Buffer.from(s);

function cmp(expected: string, actual: string, removeEndBlank = true): CompareVerdict {
  return compareBuffers(b(expected), b(actual), removeEndBlank);
}

async function* chunks(data: Uint8Array, sizes: () => number): AsyncGenerator<Uint8Array> {
  let i = 0;
  while (i < data.length) {
    const n = Math.max(1, sizes());
    yield data.subarray(i, i + n);
    i += n;
  }
}

describe("output comparison", () => {
  it("accepts equal outputs", () => {
    expect(cmp("3\n", "3\n")).toBe("AC");
    expect(cmp("", "")).toBe("AC");
    expect(cmp("1 2\n3 4\n", "1 2\n3 4\n", false)).toBe("AC");
  });

  it("ignores whitespace at line ends and blank lines at the end when isRemoveEndBlank", () => {
    expect(cmp("1 2\n3 4\n", "1 2   \n3 4\t\n")).toBe("AC");
    expect(cmp("3\n", "3")).toBe("AC");
    expect(cmp("3", "3\n\n\n  \n")).toBe("AC");
    expect(cmp("a\r\nb\r\n", "a\nb\n")).toBe("AC");
    expect(cmp("\n\n", "")).toBe("AC");
  });

  it("keeps blank lines in the middle and leading whitespace significant", () => {
    expect(cmp("a\n\nb\n", "a\nb\n")).toBe("PE");
    expect(cmp("a\n  \nb\n", "a\n\nb\n")).toBe("AC");
    expect(cmp("a\nb\n", " a\nb\n")).toBe("PE");
    expect(cmp("1 2\n", "1  2\n")).toBe("PE");
    expect(cmp("1 2\n", "1\n2\n")).toBe("PE");
  });

  it("compares bytes exactly without isRemoveEndBlank, whitespace-only differences being PE", () => {
    expect(cmp("3\n", "3", false)).toBe("PE");
    expect(cmp("3\n", "3 \n", false)).toBe("PE");
    expect(cmp("a\r\n", "a\n", false)).toBe("PE");
    expect(cmp("", "\n", false)).toBe("PE");
  });

  it("finds wrong answers", () => {
    expect(cmp("3\n", "4\n")).toBe("WA");
    expect(cmp("1 2 3\n", "1 2\n")).toBe("WA");
    expect(cmp("1 2\n", "1 2 3\n")).toBe("WA");
    expect(cmp("12\n", "1 2\n")).toBe("PE");
    expect(cmp("abc", "")).toBe("WA");
    expect(cmp("", "x")).toBe("WA");
    expect(cmp("3\n", "3\n4\n", false)).toBe("WA");
  });

  it("gives the same verdict whatever the chunk sizes", async () => {
    const cases: Array<[string, string]> = [
      ["1 2\n3 4\n", "1 2  \n3 4\n\n\n"],
      ["a\n\nb\n", "a\nb\n"],
      ["hello world\n", "hello  world"],
      ["x".repeat(5000) + "\n", "x".repeat(5000)],
      ["x".repeat(5000) + "\n", "x".repeat(4999) + "y"],
      ["1\n2\n3\n", "1 \n2\t\n3\r\n   \n"],
      ["   \n\n", ""],
      ["a b\n", "a  \n b\n"],
    ];
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (const [e, a] of cases) {
      for (const removeEndBlank of [true, false]) {
        const want = cmp(e, a, removeEndBlank);
        for (let round = 0; round < 20; round++) {
          const got = await compareStreams(chunks(b(e), () => rand() % 7), chunks(b(a), () => rand() % 5), removeEndBlank);
          expect(got, `${JSON.stringify(e)} vs ${JSON.stringify(a)} (${removeEndBlank})`).toBe(want);
        }
      }
    }
  });

  it("stops reading a wrong output early", async () => {
    let read = 0;
    async function* endless(): AsyncGenerator<Uint8Array> {
      for (;;) {
        read++;
        yield b("y".repeat(1024));
      }
    }
    const verdict = await compareStreams(chunks(b("x".repeat(100_000)), () => 4096), endless(), true);
    expect(verdict).toBe("WA");
    expect(read).toBeLessThan(5);
  });

  it("compares large outputs without holding them", async () => {
    const line = b("1234567890 ".repeat(9) + "\n");
    const total = 41 * 500;
    // Two megabytes a side, in chunks of 41 lines (4 KB).
    async function* many(trailing: string): AsyncGenerator<Uint8Array> {
      const chunk = Buffer.concat(Array.from({ length: 41 }, () => line));
      for (let i = 0; i < total; i += 41) yield chunk;
      yield b(trailing);
    }
    for (const removeEndBlank of [true, false]) {
      const stats = { peakBufferedBytes: -1 };
      expect(await compareStreams(many(""), many(removeEndBlank ? "\n\n" : ""), removeEndBlank, undefined, stats)).toBe("AC");
      // At most a few chunks in memory, never the outputs.
      expect(stats.peakBufferedBytes).toBeGreaterThanOrEqual(0);
      expect(stats.peakBufferedBytes).toBeLessThan(4 * 4096);
      const wrong = { peakBufferedBytes: -1 };
      expect(await compareStreams(many(""), many("x"), removeEndBlank, undefined, wrong)).toBe("WA");
      expect(wrong.peakBufferedBytes).toBeLessThan(4 * 4096);
    }
    // One side far ahead of the other is held only as far as it is ahead.
    async function* whole(): AsyncGenerator<Uint8Array> {
      yield Buffer.concat(Array.from({ length: total }, () => line));
    }
    const ahead = { peakBufferedBytes: 0 };
    expect(await compareStreams(whole(), many(""), true, undefined, ahead)).toBe("AC");
    expect(ahead.peakBufferedBytes).toBeGreaterThan(1_000_000);
  });
});
