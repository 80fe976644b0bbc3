import type { RemoteAdapter } from "../types";
import { atcoder } from "./atcoder";
import { codeforces, gym } from "./codeforces";
import { hdu } from "./hdu";
import { hoj } from "./hoj";
import { poj } from "./poj";
import { spoj } from "./spoj";

// One adapter per remote OJ (REMOTE_OJS in app/lib/problem.ts).
const ADAPTERS: Record<string, RemoteAdapter> = { HDU: hdu, CF: codeforces, GYM: gym, POJ: poj, AC: atcoder, SPOJ: spoj, HOJ: hoj };

export function adapterFor(oj: string): RemoteAdapter | null {
  return ADAPTERS[oj] ?? null;
}
