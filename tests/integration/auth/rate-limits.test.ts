import { afterAll, describe, expect, it } from "vitest";
import { messagesTo, waitForCode } from "../../e2e/support/mailbox";
import { args, body, en, fresh, request, setupAuthEnv, zh, type ApiBody, type Mailbox } from "./helpers";

// The rate limits of e-mail codes, password resets and the "is it taken?" check
// (app/services/platform/rate-limit.server.ts), each pushed past its allowance through the API: the refusal
// is a 429 with "Too many attempts" and the seconds to wait, in the user's language, and nothing
// is sent or changed. Addresses are made up per test so the rules do not meet.

const { mailbox } = await setupAuthEnv({ smtp: true });
const box = mailbox as Mailbox;
const { createUser } = await import("~/services/account/users.server");
const { verifyPassword } = await import("~/services/account/password.server");
const { User } = await import("~/models/user.server");
const { releaseWait } = await import("~/services/account/email-code.server");
const { RATE_RULES } = await import("~/services/platform/rate-limit.server");
const { disconnectDb } = await import("~/services/platform/db.server");
const { closeRedis } = await import("~/services/platform/redis.server");
const apiCode = await import("~/routes/ojapi+/_account+/get-register-code");
const apiReset = await import("~/routes/ojapi+/_account+/reset-password");
const apiCheck = await import("~/routes/ojapi+/_account+/check-username-or-email");

const pattern = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace("\\{\\{seconds\\}\\}", "[1-9]\\d*")}$`);
const TOO_MANY_EN = pattern(en.errors.tooManyRequests);
const TOO_MANY_ZH = pattern(zh.errors.tooManyRequests);

let seq = 0;
/** A client address of its own. */
const newIp = () => `100.64.${Math.floor(++seq / 250)}.${seq % 250}`;

function registerCode(email: string, ip: string, lang = "en") {
  return apiCode.loader(args(request(`/ojapi/get-register-code?email=${encodeURIComponent(email)}`, { lang }), ip));
}

function resetWithCode(username: string, ip: string) {
  return apiReset.action(args(request("/ojapi/reset-password", { json: { username, password: "new-pass-1", code: "123456" } }), ip));
}

describe("rate limits", () => {
  afterAll(async () => {
    await box.close();
    await closeRedis();
    await disconnectDb();
  });

  it("mailIp: one address may ask for 10 e-mails with a code an hour", async () => {
    expect(RATE_RULES.mailIp.points).toBe(10);
    const ip = newIp();
    for (let i = 0; i < 10; i++) {
      const { email } = fresh(`mi${i}`);
      const res = await registerCode(email, ip);
      expect(res.status, `e-mail ${i + 1}`).toBe(200);
      await waitForCode(box.dir, email);
    }
    const { email } = fresh("mi10");
    const refused = await registerCode(email, ip, "zh-CN");
    expect(refused.status).toBe(429);
    expect((await body<ApiBody>(refused)).msg).toMatch(TOO_MANY_ZH);
    const again = await registerCode(email, ip);
    expect((await body<ApiBody>(again)).msg).toMatch(TOO_MANY_EN);
    expect(messagesTo(box.dir, email)).toHaveLength(0);

    // The refusal left no resend wait behind: from another address the code goes out at once.
    expect((await registerCode(email, newIp())).status).toBe(200);
    await waitForCode(box.dir, email);
  });

  it("mailTarget: one e-mail address gets at most 5 codes an hour, whatever address asks", async () => {
    expect(RATE_RULES.mailTarget.points).toBe(5);
    const { email } = fresh("mt");
    for (let i = 0; i < 5; i++) {
      const res = await registerCode(email, newIp());
      expect(res.status, `code ${i + 1}`).toBe(200);
      await waitForCode(box.dir, email, i);
      // As if the 60 s resend wait had passed.
      await releaseWait("register", email);
    }
    const refused = await registerCode(email.toUpperCase(), newIp());
    expect(refused.status).toBe(429);
    expect((await body<ApiBody>(refused)).msg).toMatch(TOO_MANY_EN);
    expect(messagesTo(box.dir, email)).toHaveLength(5);
  });

  it("resetIp: one address may try 20 password resets an hour", async () => {
    expect(RATE_RULES.resetIp.points).toBe(20);
    const ip = newIp();
    for (let i = 0; i < 20; i++) {
      const res = await resetWithCode(`nobody-${seq}-${i}`, ip);
      expect(res.status, `try ${i + 1}`).toBe(404);
      expect((await body<ApiBody>(res)).msg).toBe(en.validation.usernameNotExist);
    }
    const refused = await resetWithCode(`nobody-${seq}-20`, ip);
    expect(refused.status).toBe(429);
    expect((await body<ApiBody>(refused)).msg).toMatch(TOO_MANY_EN);
  });

  it("resetAccount: one account may be tried 10 times an hour, from any address", async () => {
    expect(RATE_RULES.resetAccount.points).toBe(10);
    const { username, email } = fresh("ra");
    const user = await createUser({ username, email, password: "old-pass-1" });
    for (let i = 0; i < 10; i++) {
      const res = await resetWithCode(i % 2 ? username : username.toUpperCase(), newIp());
      expect(res.status, `try ${i + 1}`).toBe(400);
      expect((await body<ApiBody>(res)).msg).toBe(en.reset.linkExpired);
    }
    const refused = await resetWithCode(username, newIp());
    expect(refused.status).toBe(429);
    expect((await body<ApiBody>(refused)).msg).toMatch(TOO_MANY_EN);
    const stored = await User.findById(user._id).lean();
    expect(await verifyPassword(stored!.passwordHash, "old-pass-1")).toBe(true);
  });

  it("checkIp: one address may ask whether a name or e-mail is taken 60 times a minute", async () => {
    expect(RATE_RULES.checkIp.points).toBe(60);
    const ip = newIp();
    const check = (lang = "en") =>
      apiCheck.action(args(request("/ojapi/check-username-or-email", { lang, json: { username: `who${seq}`, email: "who@example.test" } }), ip));
    for (let i = 0; i < 60; i++) {
      const res = await check();
      expect(res.status, `check ${i + 1}`).toBe(200);
    }
    const refused = await check("zh-CN");
    expect(refused.status).toBe(429);
    const b = await body<ApiBody>(refused);
    expect(b.msg).toMatch(TOO_MANY_ZH);
    expect(b.data).toBeNull();
    // Another address is not held back.
    expect((await apiCheck.action(args(request("/ojapi/check-username-or-email", { json: { username: "x" } }), newIp()))).status).toBe(200);
  });
});
