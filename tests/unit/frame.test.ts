import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { adminNavFor } from "~/lib/admin-nav";
import { JUDGE_STATUS_INFO } from "~/lib/constants";
import { badgeText, MESSAGE_MENU, totalUnread } from "~/lib/messages";
import { noticeKey } from "~/lib/notices";
import { HELP_STATUS_ORDER } from "~/routes/_site+/introduction";

function keys(obj: unknown, prefix = ""): string[] {
  if (obj === null || typeof obj !== "object") return [prefix];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const load = (lng: string, ns: string) => JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, "utf8")) as Record<string, unknown>;

describe("translations", () => {
  it("zh-CN and en have the same keys in every namespace (a language's plural forms beside a key aside)", () => {
    const namespaces = readdirSync("locales/zh-CN").filter((f) => f.endsWith(".json"));
    expect(readdirSync("locales/en").filter((f) => f.endsWith(".json")).sort()).toEqual(namespaces.sort());
    // English has a singular beside some keys ("1 like"); Chinese has one form. A plural form stands
    // only beside its plain key (locale-keys.test.ts), which both languages have.
    const plain = (list: string[]) => list.filter((k) => !/_(zero|one|two|few|many|other)$/.test(k) || !list.includes(k.replace(/_\w+$/, ""))).sort();
    for (const file of namespaces) {
      const ns = file.replace(/\.json$/, "");
      expect(plain(keys(load("en", ns))), ns).toEqual(plain(keys(load("zh-CN", ns))));
    }
  });

  it("the help page explains every status code the judge namespace names", () => {
    const codes = Object.keys((load("en", "judge") as { status: Record<string, string> }).status).map(Number).sort((a, b) => a - b);
    expect([...HELP_STATUS_ORDER].sort((a, b) => a - b)).toEqual(codes);
    expect(Object.keys(JUDGE_STATUS_INFO).map(Number).sort((a, b) => a - b)).toEqual(codes);
    for (const lng of ["zh-CN", "en"]) {
      const explain = (load(lng, "help") as { statuses: { explain: Record<string, string> } }).statuses.explain;
      for (const code of codes) expect(explain[String(code)], `${lng} ${code}`).toBeTruthy();
    }
  });

  it("every menu label of the frame exists in common.json", () => {
    const common = load("zh-CN", "common");
    const has = (key: string) => key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], common);
    for (const m of MESSAGE_MENU) expect(has(m.label), m.label).toBeTypeOf("string");
    const admin = load("en", "admin");
    const hasAdmin = (key: string) => key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], admin);
    for (const g of adminNavFor(true)) {
      expect(hasAdmin(g.label), g.label).toBeTypeOf("string");
      for (const e of g.entries) expect(hasAdmin(e.label), e.label).toBeTypeOf("string");
    }
  });
});

describe("unread badges", () => {
  it("show nothing for zero and cap at 99+", () => {
    expect(badgeText(0)).toBe("");
    expect(badgeText(-3)).toBe("");
    expect(badgeText(1)).toBe("1");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
    expect(badgeText(12345)).toBe("99+");
    expect(totalUnread({ comment: 1, reply: 2, like: 3, sys: 4, mine: 5 })).toBe(15);
  });

  it("the message menu has the five tabs, discussion messages counted as comment", () => {
    expect(MESSAGE_MENU.map((m) => [m.to, m.countKey])).toEqual([
      ["/message/discuss", "comment"],
      ["/message/reply", "reply"],
      ["/message/like", "like"],
      ["/message/sys", "sys"],
      ["/message/mine", "mine"],
    ]);
  });
});

describe("routing rules", () => {
  it("honours only the known notices", () => {
    expect(noticeKey("pleaseLoginFirst")).toBe("errors.pleaseLoginFirst");
    expect(noticeKey("toString")).toBeNull();
    expect(noticeKey("<script>")).toBeNull();
    expect(noticeKey(null)).toBeNull();
  });

  it("shows conf and switch to super admins only", () => {
    const paths = (sa: boolean) => adminNavFor(sa).flatMap((g) => g.entries.map((e) => e.to));
    expect(paths(true)).toEqual(expect.arrayContaining(["/admin/dashboard", "/admin/conf", "/admin/switch", "/admin/problems"]));
    expect(paths(false)).not.toContain("/admin/conf");
    expect(paths(false)).not.toContain("/admin/switch");
    expect(paths(false)).toContain("/admin/problem/batch-operation");
  });
});
