import { afterAll, describe, expect, it } from "vitest";
import { args, body, cookieOf, fresh, msg, request, setupAuthEnv, type ApiBody } from "./helpers";

// A site without SMTP: registration needs no code (and says so), reset by e-mail is unavailable,
// and a new e-mail address is saved on the password alone.

await setupAuthEnv({ smtp: false });
const { User } = await import("~/models/user.server");
const { createUser } = await import("~/services/account/users.server");
const { disconnectDb } = await import("~/services/platform/db.server");
const { closeRedis } = await import("~/services/platform/redis.server");
const registerPage = await import("~/routes/_account+/register");
const resetPage = await import("~/routes/_account+/reset-password");
const loginPage = await import("~/routes/_account+/login");
const settingPage = await import("~/routes/_account+/setting");
const apiCode = await import("~/routes/ojapi+/_account+/get-register-code");
const apiRegister = await import("~/routes/ojapi+/_account+/register");
const apiApply = await import("~/routes/ojapi+/_account+/apply-reset-password");

describe("without SMTP", () => {
  afterAll(async () => {
    await closeRedis();
    await disconnectDb();
  });

  it("the register page knows there is no e-mail, and registration works without a code", async () => {
    const page = await registerPage.loader(args(request("/register")));
    expect(await page.json()).toMatchObject({ open: true, emailEnabled: false });

    const { username, email } = fresh("nomail");
    const res = (await registerPage.action(args(request("/register", { form: { username, password: "secret1", passwordAgain: "secret1", email, code: "" } })))) as Response;
    expect(res.status).toBe(302);
    expect(await User.countDocuments({ usernameLower: username.toLowerCase() })).toBe(1);

    const api = fresh("nomailapi");
    const apiRes = await apiRegister.action(args(request("/ojapi/register", { json: { ...api, password: "secret1" } })));
    expect(apiRes.status).toBe(200);
  });

  it("refuses to send a register code, with a clear message", async () => {
    const res = await apiCode.loader(args(request("/ojapi/get-register-code?email=a%40b.test")));
    expect(res.status).toBe(503);
    expect((await body<ApiBody>(res)).msg).toBe(msg("register", "noEmail"));
  });

  it("reset by e-mail says it is unavailable", async () => {
    const page = await resetPage.loader(args(request("/reset-password")));
    expect(await page.json()).toMatchObject({ mode: "apply", emailEnabled: false });
    const res = (await resetPage.action(args(request("/reset-password", { form: { intent: "apply", email: "a@b.test", captcha: "abcd", captchaKey: "x" } })))) as Response;
    expect(res.status).toBe(503);
    expect((await body<{ errors: Record<string, string> }>(res)).errors._form).toBe(msg("reset", "unavailable"));
    const api = await apiApply.action(args(request("/ojapi/apply-reset-password", { json: { email: "a@b.test", captcha: "abcd", captchaKey: "x" } })));
    expect((await body<ApiBody>(api)).msg).toBe(msg("reset", "unavailable"));
  });

  it("changes the e-mail with the password alone", async () => {
    const { username, email } = fresh("chg");
    const user = await createUser({ username, email, password: "first-pass" });
    const login = (await loginPage.action(args(request("/login", { form: { username, password: "first-pass" } })))) as Response;
    const cookie = cookieOf(login);
    const next = fresh("chg2").email;
    const res = (await settingPage.action(args(request("/setting", { cookie, form: { intent: "changeEmail", newEmail: next, password: "first-pass" } })))) as Response;
    expect(res.status).toBe(302);
    expect((await User.findById(user._id).lean())?.email).toBe(next);
    const code = (await settingPage.action(args(request("/setting", { cookie, form: { intent: "sendEmailCode", newEmail: fresh("chg3").email } })))) as Response;
    expect((await body<{ errors: Record<string, string> }>(code)).errors._form).toBe(msg("setting", "noEmail"));
  });
});
