import { describe, expect, it } from "vitest";
import { normalizeUsername, usernameKey, usernameRefusal } from "~/services/account/username.server";

// The username rules of UTS #39 as a table: what a name becomes, its key, and why it is refused.

describe("username rules", () => {
  it("normalises (NFKC, trimmed) and folds case for the key", () => {
    expect(normalizeUsername("ｒｏｏｔ")).toBe("root");
    expect(normalizeUsername("\u3000Root ")).toBe("Root");
    expect(usernameKey("ＲＯＯＴ")).toBe("root");
    expect(usernameKey("Straße")).toBe(usernameKey("STRASSE"));
    expect(usernameKey("ΣΊΣΥΦΟΣ")).toBe(usernameKey("σίσυφος"));
  });

  it.each([
    ["ro\u200bot", "auth:validation.usernameInvisible"],
    ["root\u200e", "auth:validation.usernameInvisible"],
    ["\u2066root", "auth:validation.usernameInvisible"],
    ["ro\u00adot", "auth:validation.usernameInvisible"],
    ["root\ufe0f", "auth:validation.usernameInvisible"],
    ["ro\u0007ot", "auth:validation.usernameInvisible"],
    ["\ue000root", "auth:validation.usernameInvisible"],
    ["r\u043e\u043et", "auth:validation.usernameMixedScripts"],
    ["r\u03bfot", "auth:validation.usernameMixedScripts"],
    ["\u0430dmin", "auth:validation.usernameMixedScripts"],
    ["张三\u0430", "auth:validation.usernameMixedScripts"],
    ["한글ひらがな", "auth:validation.usernameMixedScripts"],
    ["ㄅ한", "auth:validation.usernameMixedScripts"],
  ])("refuses %j", (name, key) => {
    expect(usernameRefusal(normalizeUsername(name))).toBe(key);
  });

  it.each(["root", "user_01", "张三abc", "张三", "李四2024", "иван", "Ελένη", "田中たなかabc", "カタカナ_x", "김철수abc", "ㄅㄆ張abc", "Zoë", "a-b.c", "abc、def"])("keeps %j", (name) => {
    expect(usernameRefusal(normalizeUsername(name))).toBeNull();
  });
});
