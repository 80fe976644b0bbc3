import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SLIDE_PUZZLE } from "~/lib/constants";
import { encodePng } from "~/services/platform/png.server";
import { drawPuzzle } from "~/services/account/slide-puzzle.server";

// The puzzle's images are drawn pixel by pixel; decoding them back shows the cut-out and the piece
// sit where the answer says, and nowhere else.

function decodePng(png: Buffer): { width: number; height: number; rgba: Uint8Array } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let off = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (off < png.length) {
    const len = png.readUInt32BE(off);
    const type = png.toString("ascii", off + 4, off + 8);
    const data = png.subarray(off + 8, off + 8 + len);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect(data[8]).toBe(8);
      expect(data[9]).toBe(6);
    }
    if (type === "IDAT") idat.push(data);
    off += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 4;
  const rgba = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    expect(filter).toBe(1);
    for (let x = 0; x < stride; x++) {
      const left = x >= 4 ? rgba[y * stride + x - 4] : 0;
      rgba[y * stride + x] = (raw[y * (stride + 1) + 1 + x] + left) & 0xff;
    }
  }
  return { width, height, rgba };
}

const fromDataUrl = (url: string) => Buffer.from(url.slice(url.indexOf(",") + 1), "base64");

describe("slide puzzle images", () => {
  it("encodes RGBA pixels as a PNG that decodes to the same pixels", () => {
    const rgba = new Uint8Array(7 * 3 * 4).map((_, i) => (i * 37) & 0xff);
    const back = decodePng(encodePng(7, 3, rgba));
    expect(back.width).toBe(7);
    expect(back.height).toBe(3);
    expect([...back.rgba]).toEqual([...rgba]);
  });

  it("cuts the hole and draws the piece at the answer's place", () => {
    const { width: W, height: H, pieceSize: P } = SLIDE_PUZZLE;
    const x = 180;
    const y = 30;
    const { background, piece } = drawPuzzle(x, y);
    const bg = decodePng(fromDataUrl(background));
    const pc = decodePng(fromDataUrl(piece));
    expect([bg.width, bg.height]).toEqual([W, H]);
    expect([pc.width, pc.height]).toEqual([P, H]);

    // The piece is opaque only in its box, rows y..y+P.
    let opaque = 0;
    let darker = 0;
    for (let row = 0; row < H; row++) {
      for (let col = 0; col < P; col++) {
        const a = pc.rgba[(row * P + col) * 4 + 3];
        if (row < y || row >= y + P) {
          expect(a).toBe(0);
          continue;
        }
        if (a < 255) continue;
        opaque++;
        // Under an opaque pixel of the piece, the background is the darkened hole.
        const lum = (buf: Uint8Array, i: number) => buf[i] + buf[i + 1] + buf[i + 2];
        if (lum(bg.rgba, ((row * W) + x + col) * 4) < lum(pc.rgba, (row * P + col) * 4)) darker++;
      }
    }
    expect(opaque).toBeGreaterThan(P * P * 0.4);
    expect(darker / opaque).toBeGreaterThan(0.95);
  });
});
