import { Transform } from "node:stream";

/**
 * The rendered page with every NUL byte left out. React 18's streaming renderer writes its whole
 * 2 KB buffer when a character does not fit in what is left of it, zero bytes included, so a page
 * whose text puts a multi-byte character (any Chinese one) across such a boundary carries NUL
 * bytes that browsers show as "�" (react-dom's writeStringChunk). A page never holds a NUL of its
 * own (stored text has none, see ARCHITECTURE.md), and UTF-8 uses the byte for nothing else.
 */
export function withoutNulBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (chunk.indexOf(0) === -1) return done(null, chunk);
      const out = Buffer.allocUnsafe(chunk.length);
      let n = 0;
      for (const byte of chunk) if (byte !== 0) out[n++] = byte;
      done(null, out.subarray(0, n));
    },
  });
}
