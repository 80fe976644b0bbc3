import { ContestType } from "~/lib/contest";
import { acmRule } from "./acm.server";
import { oiRule } from "./oi.server";
import type { ContestRule } from "./rule.server";

/** The rule object of a contest's type (0 ACM, 1 OI). */
export function ruleOf(type: number): ContestRule {
  return type === ContestType.OI ? oiRule : acmRule;
}

export { acmRule, oiRule };
export type { ContestRule };
