import { afterAll, describe, expect, it } from "vitest";
import { messagesTo, waitForCode } from "../../e2e/support/mailbox";
import { args, body, cookieOf, fresh, msg, request, setupAuthEnv, type ApiBody, type Mailbox } from "./helpers";

// Reset by e-mail (spec sections 2, 5, 8): image captcha, an e-mail with the link and a 6-digit code,
// the reset page, 90 s between two e-mails, and every session ending with the reset.

const { mailbox } = await setupAuthEnv({ smtp: true });
const box = mailbox as Mailbox;
const { Session } = await import("~/models/session.server");
const { createUser } = await import("~/services/account/users.server");
const { disconnectDb } = await import("~/services/platform/db.server");
const { closeRedis, redis, rkey } = await import("~/services/platform/redis.server");
const { captchaCookie } = await import("~/services/account/captcha.server");
const { createApiSession } = await import("~/services/account/api-token.server");
const { takeFlash } = await import("~/http/flash.server");
const resetPage = await import("~/routes/_account+/reset-password");
const loginPage = await import("~/routes/_account+/login");
const captchaImage = await import("~/routes/_account+/auth.captcha[.]svg");
const apiCaptcha = await import("~/routes/ojapi+/_account+/captcha");
const apiApply = await import("~/routes/ojapi+/_account+/apply-reset-password");
const apiReset = await import("~/routes/ojapi+/_account+/reset-password");
const apiAuthInfo = await import("~/routes/ojapi+/_account+/get-user-auth-info");

async function captcha(): Promise<{ captchaKey: string; answer: string; img: string }> {
  const res = await apiCaptcha.loader(args(request("/ojapi/captcha")));
  const { data } = await body<ApiBody<{ img: string; captchaKey: string }>>(res);
  const answer = (await redis().get(rkey("captcha", data.captchaKey)))!;
  return { ...data, answer };
}

let ipSeq = 0;
const ip = () => `172.16.0.${++ipSeq}`;

function resetForm(form: Record<string, string>, cookie?: string) {
  return resetPage.action(args(request("/reset-password", { form, cookie }), ip())) as Promise<Response>;
}

async function newUser() {
  const { username, email } = fresh("rs");
  return createUser({ username, email, password: "old-pass-1" });
}

async function login(username: string, password: string) {
  return (await loginPage.action(args(request("/login", { form: { username, password } }), ip()))) as Response;
}

describe("reset password", () => {
  afterAll(async () => {
    await box.close();
    await closeRedis();
    await disconnectDb();
  });

  it("serves a captcha image with its key (data URL, used once)", async () => {
    const c = await captcha();
    expect(c.img).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(c.answer).toMatch(/^[a-z0-9]{4}$/);
  });

  it("e-mails a link with the username and code; the reset page sets the password and ends every session", async () => {
    const user = await newUser();
    const cookie = cookieOf(await login(user.username, "old-pass-1"));
    const { token } = await createApiSession(user._id);

    const c = await captcha();
    const res = await resetForm({ intent: "apply", email: user.email.toUpperCase(), captcha: c.answer.toUpperCase(), captchaKey: c.captchaKey });
    expect(res.status).toBe(200);
    expect(await body(res)).toMatchObject({ ok: true, sent: { email: user.email.toUpperCase() } });
    const code = await waitForCode(box.dir, user.email);
    const mail = messagesTo(box.dir, user.email).at(-1)!.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    expect(mail).toContain(`http://oj.test/reset-password?username=${user.username}&code=${code}`);

    // The page takes username and code from the query.
    const page = await resetPage.loader(args(request(`/reset-password?username=${user.username}&code=${code}`)));
    expect(await page.json()).toMatchObject({ mode: "reset", username: user.username, code });

    const done = await resetForm({ intent: "reset", username: user.username, code, password: "new-pass-1", passwordAgain: "new-pass-1" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/home?login=1");
    expect(await takeFlash(request("/home", { cookie: cookieOf(done) }))).toEqual([{ type: "success", key: "auth:reset.done" }]);

    expect(await Session.countDocuments({ uid: user._id })).toBe(0);
    expect((await apiAuthInfo.loader(args(request("/ojapi/get-user-auth-info", { token })))).status).toBe(401);
    const { getCurrentUser } = await import("~/services/account/session.server");
    expect(await getCurrentUser(request("/home", { cookie }))).toBeNull();
    expect((await login(user.username, "old-pass-1")).status).toBe(400);
    expect((await login(user.username, "new-pass-1")).status).toBe(302);

    // The code was used once.
    const again = await resetForm({ intent: "reset", username: user.username, code, password: "other-pass", passwordAgain: "other-pass" });
    expect((await body<{ errors: Record<string, string> }>(again)).errors.code).toBe(msg("reset", "linkExpired"));
  });

  it("refuses a wrong captcha and uses it up; the next one must be fetched", async () => {
    const user = await newUser();
    const c = await captcha();
    const wrong = await resetForm({ intent: "apply", email: user.email, captcha: "zzzz", captchaKey: c.captchaKey });
    expect(wrong.status).toBe(400);
    expect((await body<{ errors: Record<string, string> }>(wrong)).errors.captcha).toBe(msg("captcha", "wrong"));
    const reused = await resetForm({ intent: "apply", email: user.email, captcha: c.answer, captchaKey: c.captchaKey });
    expect((await body<{ errors: Record<string, string> }>(reused)).errors.captcha).toBe(msg("captcha", "expired"));
    expect(messagesTo(box.dir, user.email)).toHaveLength(0);
  });

  it("without JavaScript the captcha key comes from the image's cookie", async () => {
    const user = await newUser();
    const img = await captchaImage.loader();
    expect(img.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(img.headers.get("Cache-Control")).toBe("no-store");
    const cookie = cookieOf(img);
    const key = (await captchaCookie.parse(cookie)) as string;
    const answer = (await redis().get(rkey("captcha", key)))!;
    const res = await resetForm({ intent: "apply", email: user.email, captcha: answer }, cookie);
    expect(res.status).toBe(200);
    await waitForCode(box.dir, user.email);
  });

  it("refuses an unknown address, and a second e-mail within 90 seconds", async () => {
    let c = await captcha();
    const unknown = await resetForm({ intent: "apply", email: "nobody-here@example.test", captcha: c.answer, captchaKey: c.captchaKey });
    expect((await body<{ errors: Record<string, string> }>(unknown)).errors.email).toBe(msg("validation", "emailNotExist"));

    const user = await newUser();
    c = await captcha();
    expect((await resetForm({ intent: "apply", email: user.email, captcha: c.answer, captchaKey: c.captchaKey })).status).toBe(200);
    c = await captcha();
    const again = await resetForm({ intent: "apply", email: user.email, captcha: c.answer, captchaKey: c.captchaKey });
    expect(again.status).toBe(429);
    expect((await body<{ errors: Record<string, string> }>(again)).errors._form).toMatch(/please send again in (89|90) seconds/);
  });

  it("checks the reset form: username must exist, code of 6 digits, the password rules", async () => {
    const user = await newUser();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ username: "no-such-user-zz", code: "123456", password: "new-pass-1", passwordAgain: "new-pass-1" }, "username", msg("validation", "usernameNotExist")],
      [{ username: user.username, code: "12345", password: "new-pass-1", passwordAgain: "new-pass-1" }, "code", msg("validation", "codeLength")],
      [{ username: user.username, code: "", password: "new-pass-1", passwordAgain: "new-pass-1" }, "code", msg("validation", "codeRequired")],
      [{ username: user.username, code: "123456", password: "1234", passwordAgain: "1234" }, "password", msg("validation", "passwordLength")],
      [{ username: user.username, code: "123456", password: "new-pass-1", passwordAgain: "new-pass-2" }, "passwordAgain", msg("validation", "passwordMismatch")],
      [{ username: user.username, code: "123456", password: "new-pass-1", passwordAgain: "new-pass-1" }, "code", msg("reset", "linkExpired")],
    ];
    for (const [form, field, text] of cases) {
      const res = await resetForm({ intent: "reset", ...form });
      expect(res.status, text).toBeGreaterThanOrEqual(400);
      expect((await body<{ errors: Record<string, string> }>(res)).errors[field]).toBe(text);
    }
  });

  it("works through the API: apply-reset-password then reset-password", async () => {
    const user = await newUser();
    const c = await captcha();
    const applied = await apiApply.action(args(request("/ojapi/apply-reset-password", { json: { email: user.email, captcha: c.answer, captchaKey: c.captchaKey } }), ip()));
    expect(applied.status).toBe(200);
    expect((await body<ApiBody>(applied)).msg).toBe(msg("reset", "sentShort"));
    const code = await waitForCode(box.dir, user.email);
    const wrong = await apiReset.action(args(request("/ojapi/reset-password", { json: { username: user.username, password: "api-pass-1", code: code === "999999" ? "999998" : "999999" } }), ip()));
    expect(wrong.status).toBe(400);
    expect((await body<ApiBody>(wrong)).msg).toBe(msg("code", "wrong"));
    const ok = await apiReset.action(args(request("/ojapi/reset-password", { json: { username: user.username, password: "api-pass-1", code } }), ip()));
    expect(ok.status).toBe(200);
    expect((await body<ApiBody>(ok)).msg).toBe(msg("reset", "done"));
    expect((await login(user.username, "api-pass-1")).status).toBe(302);
  });
});
