import { describe, expect, it } from "vitest";
import { createTranslationStore, interpolate, translator } from "~/lib/translation";

const common = { nav: { home: "首页" }, hello: "你好，{{name}}！", count: "{{ n }} 条" };
const problem = { title: "题目", nav: { home: "Problem home" } };

describe("translations in the page", () => {
  it("looks a key up in the hook's namespaces in order, or in the one it names", () => {
    const store = createTranslationStore({ lng: "zh-CN", resources: { common, problem } });
    const t = translator(store, ["problem", "common"]);
    expect(t("title")).toBe("题目");
    expect(t("nav.home")).toBe("Problem home");
    expect(t("common:nav.home")).toBe("首页");
    expect(t("hello", { name: "root" })).toBe("你好，root！");
  });

  it("picks a count's plural form in the page's language, else the plain key", () => {
    const en = createTranslationStore({ lng: "en", resources: { group: { list: { members: "{{count}} members", members_one: "{{count}} member" } } } });
    const t = translator(en, ["group"]);
    expect(t("list.members", { count: 1 })).toBe("1 member");
    expect(t("list.members", { count: 0 })).toBe("0 members");
    expect(t("list.members", { count: 3 })).toBe("3 members");
    const zh = createTranslationStore({ lng: "zh-CN", resources: { group: { list: { members: "{{count}} 名成员" } } } });
    expect(translator(zh, ["group"])("list.members", { count: 1 })).toBe("1 名成员");
  });

  it("shows a missing key as its path, and an object or an absent namespace as missing", () => {
    const store = createTranslationStore({ lng: "en", resources: { common } });
    const t = translator(store, ["common"]);
    expect(t("nav.nowhere")).toBe("nav.nowhere");
    expect(t("nav")).toBe("nav");
    expect(t("auth:login.title")).toBe("login.title");
  });

  it("interpolates {{name}} without escaping and keeps placeholders without a value", () => {
    expect(interpolate("{{ n }} 条", { n: 3 })).toBe("3 条");
    expect(interpolate("<b>{{x}}</b>", { x: "<i>" })).toBe("<b><i></b>");
    expect(interpolate("{{a}} and {{b}}", { a: 1 })).toBe("1 and {{b}}");
    expect(interpolate("{{a}}", { a: 0 })).toBe("0");
  });

  it("fetches a namespace once, tells listeners, and asks again a little later after a failure", async () => {
    const asked: string[] = [];
    let fail = true;
    const store = createTranslationStore({
      lng: "en",
      resources: { common },
      load: async (lng, ns) => {
        asked.push(`${lng}/${ns}`);
        if (fail) throw new Error("offline");
        return { title: "Problem" };
      },
    });
    let told = 0;
    store.subscribe(() => told++);
    await store.loadNamespaces("problem");
    expect(store.hasNamespace("problem")).toBe(false);
    await store.loadNamespaces("problem");
    expect(asked).toEqual(["en/problem"]);
    fail = false;
    await new Promise((r) => setTimeout(r, 2100));
    await Promise.all([store.loadNamespaces(["problem"]), store.loadNamespaces("problem")]);
    expect(asked).toEqual(["en/problem", "en/problem"]);
    expect(translator(store, ["problem"])("title")).toBe("Problem");
    expect(told).toBe(1);
  });

  it("changes language once the namespaces in use have arrived in the other one", async () => {
    const store = createTranslationStore({
      lng: "zh-CN",
      resources: { common, problem },
      load: async (lng, ns) => ({ lng, ns, nav: { home: ns === "common" ? "Home" : "Problem home" } }),
    });
    const before = store.version;
    await store.changeLanguage("en");
    expect(store.language).toBe("en");
    expect(store.namespaces().sort()).toEqual(["common", "problem"]);
    expect(translator(store, ["common"])("nav.home")).toBe("Home");
    expect(store.version).toBeGreaterThan(before);
  });
});
