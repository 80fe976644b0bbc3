// A contest's account limit rule (HOJ's tagged string): who may take part, by username.

/** The account limit rule's parts (HOJ's tagged string). */
export interface AccountLimitRule {
  prefix: string;
  suffix: string;
  start: number | null;
  end: number | null;
  extra: string[];
}

export function parseAccountLimitRule(rule: string): AccountLimitRule {
  const part = (tag: string) => new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(rule)?.[1]?.trim() ?? "";
  const num = (s: string) => (/^\d{1,9}$/.test(s) ? Number(s) : null);
  return {
    prefix: part("prefix"),
    suffix: part("suffix"),
    start: num(part("start")),
    end: num(part("end")),
    extra: part("extra")
      .split(/[\s,，]+/)
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

export function formatAccountLimitRule(r: AccountLimitRule): string {
  return `<prefix>${r.prefix}</prefix><suffix>${r.suffix}</suffix><start>${r.start ?? ""}</start><end>${r.end ?? ""}</end><extra>${r.extra.join(",")}</extra>`;
}

/**
 * Whether a username passes the rule: prefix + a number from start to end + suffix, or one of the
 * extra names (case ignored).
 */
export function matchesAccountLimit(ruleText: string, username: string): boolean {
  const r = parseAccountLimitRule(ruleText);
  const name = username.toLowerCase();
  if (r.extra.some((e) => e.toLowerCase() === name)) return true;
  const prefix = r.prefix.toLowerCase();
  const suffix = r.suffix.toLowerCase();
  if (!name.startsWith(prefix) || !name.endsWith(suffix) || name.length <= prefix.length + suffix.length) return false;
  const middle = name.slice(prefix.length, name.length - suffix.length);
  if (!/^\d+$/.test(middle)) return false;
  const n = Number(middle);
  if (r.start !== null && n < r.start) return false;
  if (r.end !== null && n > r.end) return false;
  return r.start !== null || r.end !== null;
}
