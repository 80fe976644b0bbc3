import { acmRule } from "./acm.server";
import { ioiRule } from "./ioi.server";
import { oiRule } from "./oi.server";
import type { ContestRule } from "./rule.server";

// The contest rules the site offers, by their stored `type`: the contest form lists them, the board,
// the pages and HOJ's calls ask `ruleOf(type)`. A new rule is one file beside these and a line here.

const RULES: readonly ContestRule[] = [acmRule, oiRule, ioiRule];
const BY_TYPE = new Map(RULES.map((r) => [r.type, r]));

/** The rule of a contest's type (an unknown stored type reads as ACM). */
export function ruleOf(type: number): ContestRule {
  return BY_TYPE.get(type) ?? acmRule;
}

export function isRuleType(type: number): boolean {
  return BY_TYPE.has(type);
}

/** What the pages need of a rule: its type, name and board shape. */
export interface RuleInfo {
  type: number;
  name: string;
  scoring: "acm" | "oi";
}

export function ruleInfo(type: number): RuleInfo {
  const r = ruleOf(type);
  return { type: r.type, name: r.name, scoring: r.scoring };
}

/** The rules a contest form offers, in order. */
export function ruleChoices(): RuleInfo[] {
  return RULES.map((r) => ruleInfo(r.type));
}

export type { ContestRule };
