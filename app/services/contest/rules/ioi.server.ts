import { oiRule } from "./oi.server";
import type { ContestRule } from "./rule.server";

// IOI rule: scored as OI (each problem's score, totals, the same board), but a contestant sees their
// own scores and per-case results throughout the contest, the seal included; the board follows the
// seal settings for everyone else. HOJ's client knows it as OI.

export const ioiRule: ContestRule = {
  ...oiRule,
  type: 2,
  name: "IOI",
  visibility: { ownResultWhileSealed: true, ownCasesAlways: true },
};
