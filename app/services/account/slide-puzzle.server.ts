import { randomBytes, randomInt } from "node:crypto";
import type { PuzzleView } from "~/lib/account";
import { SLIDE_PUZZLE } from "~/lib/constants";
import { pngDataUrl } from "../platform/png.server";
import { redis, rkey } from "../platform/redis.server";

// The slide puzzle required after repeated failed logins (spec: 325x100, accuracy 3 px). Both
// images are drawn here as PNG pixels, so nothing in the page names the position of the cut-out;
// the answer waits in Redis under a one-time token.

const W = SLIDE_PUZZLE.width;
const H = SLIDE_PUZZLE.height;
const P = SLIDE_PUZZLE.pieceSize;
const TTL_SECONDS = 5 * 60;
/** A puzzle answered faster than this was not dragged by a person (HOJ: "Speed too fast"). */
export const PUZZLE_MIN_SOLVE_MS = 400;

const puzzleKey = (token: string) => rkey("puzzle", token);

type RGB = [number, number, number];

function hsl(h: number, s: number, l: number): RGB {
  const hh = (((h % 360) + 360) % 360) / 360;
  const f = (n: number) => {
    const k = (n + hh * 12) % 12;
    const a = s * Math.min(l, 1 - l);
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [f(0), f(8), f(4)];
}

const rnd = (a: number, b: number) => a + Math.random() * (b - a);

/** Random scenery: a gradient, soft waves and overlapping translucent shapes. */
function drawScenery(): Float32Array {
  const px = new Float32Array(W * H * 3);
  const hue = rnd(0, 360);
  const c0 = hsl(hue, 0.5, 0.66);
  const c1 = hsl(hue + rnd(50, 120), 0.55, 0.4);
  const fx = rnd(9, 16);
  const fy = rnd(6, 11);
  const ph = rnd(0, 6.28);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const t = Math.min(1, Math.max(0, (x / W) * 0.7 + (y / H) * 0.3));
      const wave = 14 * Math.sin(x / fx + ph) * Math.cos(y / fy - ph);
      const i = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) px[i + c] = c0[c] * (1 - t) + c1[c] * t + wave;
    }
  }
  const shapes = randomInt(9, 14);
  for (let s = 0; s < shapes; s++) {
    const color = hsl(rnd(0, 360), rnd(0.45, 0.8), rnd(0.3, 0.78));
    const alpha = rnd(0.35, 0.75);
    const cx = rnd(0, W);
    const cy = rnd(0, H);
    const size = rnd(10, 38);
    const kind = randomInt(3);
    const angle = rnd(0, Math.PI);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const inside = (x: number, y: number): boolean => {
      const dx = x - cx;
      const dy = y - cy;
      if (kind === 0) return dx * dx + dy * dy <= size * size;
      const u = dx * cos + dy * sin;
      const v = -dx * sin + dy * cos;
      if (kind === 1) return Math.abs(u) <= size && Math.abs(v) <= size * 0.55;
      // A triangle pointing along the rotated axis.
      return v >= -size * 0.6 && v <= size * 0.9 && Math.abs(u) <= (size * 0.9 - v) * 0.6;
    };
    const x0 = Math.max(0, Math.floor(cx - size * 1.2));
    const x1 = Math.min(W - 1, Math.ceil(cx + size * 1.2));
    const y0 = Math.max(0, Math.floor(cy - size * 1.2));
    const y1 = Math.min(H - 1, Math.ceil(cy + size * 1.2));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        if (!inside(x + 0.5, y + 0.5)) continue;
        const i = (y * W + x) * 3;
        for (let c = 0; c < 3; c++) px[i + c] = px[i + c] * (1 - alpha) + color[c] * alpha;
      }
    }
  }
  return px;
}

/** Whether a point of the piece's P×P box lies in the jigsaw shape (a square with two knobs and a notch). */
function inPiece(x: number, y: number): boolean {
  const body = x >= 1 && x <= 33 && y >= 9 && y <= 41;
  const top = (x - 17) ** 2 + (y - 9) ** 2 <= 36;
  const right = (x - 33) ** 2 + (y - 25) ** 2 <= 36;
  const notch = (x - 1) ** 2 + (y - 25) ** 2 <= 25;
  return (body || top || right) && !notch;
}

/** Coverage (0..1) of each pixel of the piece box, 4×4 samples per pixel for smooth edges. */
function pieceMask(): Float32Array {
  const mask = new Float32Array(P * P);
  for (let y = 0; y < P; y++) {
    for (let x = 0; x < P; x++) {
      let n = 0;
      for (let sy = 0; sy < 4; sy++) for (let sx = 0; sx < 4; sx++) if (inPiece(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4)) n++;
      mask[y * P + x] = n / 16;
    }
  }
  return mask;
}

const MASK = pieceMask();

/** How strongly a pixel of the piece box sits on the outline (0..1). */
const EDGE = (() => {
  const edge = new Float32Array(P * P);
  const at = (x: number, y: number) => (x < 0 || y < 0 || x >= P || y >= P ? 0 : MASK[y * P + x]);
  for (let y = 0; y < P; y++) {
    for (let x = 0; x < P; x++) {
      const m = at(x, y);
      const d = Math.max(Math.abs(m - at(x - 1, y)), Math.abs(m - at(x + 1, y)), Math.abs(m - at(x, y - 1)), Math.abs(m - at(x, y + 1)));
      edge[y * P + x] = Math.min(1, d * 1.5);
    }
  }
  return edge;
})();

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/** Draws a puzzle with its cut-out at (x, y): the background with the hole, and the piece. */
export function drawPuzzle(x: number, y: number): { background: string; piece: string } {
  const scenery = drawScenery();
  const bg = new Uint8Array(W * H * 4);
  for (let i = 0; i < W * H; i++) {
    bg[i * 4] = clamp(scenery[i * 3]);
    bg[i * 4 + 1] = clamp(scenery[i * 3 + 1]);
    bg[i * 4 + 2] = clamp(scenery[i * 3 + 2]);
    bg[i * 4 + 3] = 255;
  }
  const piece = new Uint8Array(P * H * 4);
  for (let j = 0; j < P; j++) {
    for (let i = 0; i < P; i++) {
      const m = MASK[j * P + i];
      const e = EDGE[j * P + i];
      if (m === 0 && e === 0) continue;
      const b = ((y + j) * W + (x + i)) * 4;
      const p = ((y + j) * P + i) * 4;
      for (let c = 0; c < 3; c++) {
        const orig = bg[b + c];
        // The piece keeps the scenery under it, with a light rim.
        piece[p + c] = clamp(orig * (1 - 0.65 * e) + 255 * 0.65 * e);
        // The hole: darkened, with a light outline.
        const dark = orig * (1 - 0.55 * m) + 255 * 0.06 * m;
        bg[b + c] = clamp(dark * (1 - 0.55 * e) + 255 * 0.55 * e);
      }
      piece[p + 3] = clamp(255 * Math.max(m, e * 0.9));
    }
  }
  return { background: pngDataUrl(W, H, bg), piece: pngDataUrl(P, H, piece) };
}

/** A new puzzle: the images for the page and a token; the answer (x) stays in Redis. */
export async function createPuzzle(): Promise<PuzzleView> {
  // The cut-out is never under the piece's starting place at the left edge.
  const x = randomInt(P + 10, W - P - 4);
  const y = randomInt(4, H - P - 3);
  const { background, piece } = drawPuzzle(x, y);
  const token = randomBytes(18).toString("base64url");
  await redis().set(puzzleKey(token), JSON.stringify({ x, at: Date.now() }), "EX", TTL_SECONDS);
  return { token, width: W, height: H, pieceWidth: P, background, piece };
}

export type PuzzleCheck = "ok" | "expired" | "tooFast" | "wrong";

/** Checks a submitted offset (the piece's left edge, in pixels) and uses the puzzle up. */
export async function checkPuzzle(token: string, offset: number): Promise<PuzzleCheck> {
  if (!token) return "expired";
  const raw = await redis().getdel(puzzleKey(token));
  if (!raw) return "expired";
  const { x, at } = JSON.parse(raw) as { x: number; at: number };
  if (Date.now() - at < PUZZLE_MIN_SOLVE_MS) return "tooFast";
  if (!Number.isFinite(offset) || Math.abs(Math.round(offset) - x) > SLIDE_PUZZLE.accuracy) return "wrong";
  return "ok";
}
