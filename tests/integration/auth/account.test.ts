import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { waitForCode } from "../../e2e/support/mailbox";
import { args, body, cookieOf, fresh, msg, request, setupAuthEnv, type ApiBody, type Mailbox } from "./helpers";

// The signed-in user's account: API tokens bound to server-side sessions (logout kills the token,
// a token near expiry is refreshed), change password (other sessions end), change e-mail with a
// code sent to the new address, profile fields, the settings page and logout.

const { mailbox } = await setupAuthEnv({ smtp: true });
const box = mailbox as Mailbox;
const { Session } = await import("~/models/session.server");
const { User } = await import("~/models/user.server");
const { createUser } = await import("~/services/account/users.server");
const { disconnectDb } = await import("~/services/platform/db.server");
const { closeRedis } = await import("~/services/platform/redis.server");
const { getCurrentUser, getSession, commitSession, revokeUserSessions } = await import("~/services/account/session.server");
const { addFlash, flash, takeFlash } = await import("~/http/flash.server");
const { verifyPassword } = await import("~/services/account/password.server");
const loginPage = await import("~/routes/_account+/login");
const logoutRoute = await import("~/routes/_account+/logout");
const settingPage = await import("~/routes/_account+/setting");
const apiLogin = await import("~/routes/ojapi+/_account+/login");
const apiLogout = await import("~/routes/ojapi+/_account+/logout");
const apiAuthInfo = await import("~/routes/ojapi+/_account+/get-user-auth-info");
const apiChangePassword = await import("~/routes/ojapi+/_account+/change-password");
const apiChangeEmail = await import("~/routes/ojapi+/_account+/change-email");
const apiEmailCode = await import("~/routes/ojapi+/_account+/get-change-email-code");
const apiChangeInfo = await import("~/routes/ojapi+/_account+/change-userInfo");

let ipSeq = 0;
const ip = () => `100.64.0.${++ipSeq}`;

async function newUser(role?: number) {
  const { username, email } = fresh("ac");
  return createUser({ username, email, password: "first-pass", role });
}

async function pageLogin(username: string, password = "first-pass"): Promise<string> {
  const res = (await loginPage.action(args(request("/login", { form: { username, password } }), ip()))) as Response;
  expect(res.status).toBe(302);
  return cookieOf(res);
}

async function apiToken(username: string, password = "first-pass"): Promise<string> {
  const res = await apiLogin.action(args(request("/ojapi/login", { json: { username, password } }), ip()));
  expect(res.status).toBe(200);
  return res.headers.get("Authorization")!;
}

function setting(form: Record<string, string>, cookie: string) {
  return settingPage.action(args(request("/setting", { form, cookie }), ip())) as Promise<Response>;
}

describe("account", () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await box.close();
    await closeRedis();
    await disconnectDb();
  });

  it("an API token works until /ojapi/logout deletes its session", async () => {
    const user = await newUser();
    const token = await apiToken(user.username);
    const info = await apiAuthInfo.loader(args(request("/ojapi/get-user-auth-info", { token })));
    expect(await body(info)).toMatchObject({ status: 200, data: { roles: ["default_role"] } });
    expect((await apiAuthInfo.loader(args(request("/ojapi/get-user-auth-info", { token: `Bearer ${token}` })))).status).toBe(200);

    const out = await apiLogout.loader(args(request("/ojapi/logout", { token })));
    expect(out.status).toBe(200);
    expect((await body<ApiBody>(out)).msg).toBe(msg("logout", "success"));
    const after = await apiAuthInfo.loader(args(request("/ojapi/get-user-auth-info", { token })));
    expect(after.status).toBe(401);
    expect((await apiLogout.loader(args(request("/ojapi/logout", { token })))).status).toBe(401);
    expect(await Session.countDocuments({ uid: user._id })).toBe(0);
  });

  it("refreshes a token close to expiry through the response headers", async () => {
    const user = await newUser();
    const token = await apiToken(user.username);
    const fresh1 = await apiAuthInfo.loader(args(request("/ojapi/get-user-auth-info", { token })));
    expect(fresh1.headers.get("Refresh-Token")).toBeNull();

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 20 * 3600 * 1000);
    const near = await apiAuthInfo.loader(args(request("/ojapi/get-user-auth-info", { token })));
    expect(near.status).toBe(200);
    expect(near.headers.get("Refresh-Token")).toBe("true");
    const renewed = near.headers.get("Authorization");
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(token);
    expect(near.headers.get("Access-Control-Expose-Headers")).toContain("Authorization");

    // Past the first token's life, the renewed one still works.
    vi.setSystemTime(Date.now() + 6 * 3600 * 1000);
    expect((await apiAuthInfo.loader(args(request("/ojapi/get-user-auth-info", { token })))).status).toBe(401);
    expect((await apiAuthInfo.loader(args(request("/ojapi/get-user-auth-info", { token: renewed! })))).status).toBe(200);
  });

  it("changing the password ends every other session; the current one stays", async () => {
    const user = await newUser();
    const current = await pageLogin(user.username);
    const otherBrowser = await pageLogin(user.username);
    const token = await apiToken(user.username);

    const res = await setting({ intent: "changePassword", oldPassword: "first-pass", newPassword: "second-pass", passwordAgain: "second-pass" }, current);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/setting");
    expect(await takeFlash(request("/setting", { cookie: current }))).toContainEqual({ type: "success", key: "auth:setting.passwordChanged" });

    expect((await getCurrentUser(request("/setting", { cookie: current })))?._id).toBe(user._id);
    expect(await getCurrentUser(request("/setting", { cookie: otherBrowser }))).toBeNull();
    expect((await apiAuthInfo.loader(args(request("/ojapi/get-user-auth-info", { token })))).status).toBe(401);
    const stored = await User.findById(user._id).lean();
    expect(await verifyPassword(stored!.passwordHash, "second-pass")).toBe(true);
  });

  it("a revoked session stays revoked when a request that read it before commits it afterwards", async () => {
    const user = await newUser();
    const cookie = await pageLogin(user.username);
    // A request in flight has read the session...
    const inFlight = await getSession(request("/home", { cookie }));
    expect(inFlight.get("uid")).toBe(user._id);
    // ...the password changes elsewhere and every session of the account ends...
    expect(await revokeUserSessions(user._id)).toBe(1);
    // ...then the request stores a message in the session it read.
    addFlash(inFlight, { type: "success", key: "auth:login.welcome" });
    await commitSession(inFlight);

    expect(await Session.countDocuments({ uid: user._id })).toBe(0);
    expect(await getCurrentUser(request("/home", { cookie }))).toBeNull();
  });

  it("a message for a browser whose session is gone comes in a new visitor session", async () => {
    const user = await newUser();
    const cookie = await pageLogin(user.username);
    await revokeUserSessions(user._id);
    const setCookie = await flash(request("/home", { cookie }), { type: "warning", key: "errors.pleaseLoginFirst" });
    const fresh = setCookie.split(";")[0];
    expect(fresh).not.toBe(cookie);
    expect(await getCurrentUser(request("/home", { cookie: fresh }))).toBeNull();
    expect(await takeFlash(request("/home", { cookie: fresh }))).toEqual([{ type: "warning", key: "errors.pleaseLoginFirst" }]);
    expect(await Session.countDocuments({ uid: user._id })).toBe(0);
  });

  it("refuses a wrong current password, counts it, and locks after five", async () => {
    const user = await newUser();
    const cookie = await pageLogin(user.username);
    for (let i = 1; i <= 5; i++) {
      const res = await setting({ intent: "changePassword", oldPassword: "not-it", newPassword: "second-pass", passwordAgain: "second-pass" }, cookie);
      expect(res.status).toBe(400);
      expect((await body<{ errors: Record<string, string> }>(res)).errors.oldPassword).toBe(msg("setting", "currentPasswordWrong", { count: i, max: 5 }));
    }
    const locked = await setting({ intent: "changePassword", oldPassword: "first-pass", newPassword: "second-pass", passwordAgain: "second-pass" }, cookie);
    expect(locked.status).toBe(403);
    expect((await body<{ errors: Record<string, string> }>(locked)).errors._form).toBe(msg("setting", "locked", { minutes: 30 }));
    expect(await verifyPassword((await User.findById(user._id).lean())!.passwordHash, "first-pass")).toBe(true);
  });

  it("checks the new password: 5 to 20, confirmed, different from the old", async () => {
    const user = await newUser();
    const cookie = await pageLogin(user.username);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ oldPassword: "", newPassword: "second-pass", passwordAgain: "second-pass" }, "oldPassword", msg("validation", "currentPasswordRequired")],
      [{ oldPassword: "first-pass", newPassword: "1234", passwordAgain: "1234" }, "newPassword", msg("validation", "passwordLength")],
      [{ oldPassword: "first-pass", newPassword: "second-pass", passwordAgain: "second-pasz" }, "passwordAgain", msg("validation", "passwordMismatch")],
      [{ oldPassword: "first-pass", newPassword: "first-pass", passwordAgain: "first-pass" }, "newPassword", msg("validation", "passwordSame")],
    ];
    for (const [form, field, text] of cases) {
      const res = await setting({ intent: "changePassword", ...form }, cookie);
      expect(res.status).toBe(400);
      expect((await body<{ errors: Record<string, string>; intent: string }>(res)).errors[field]).toBe(text);
    }
  });

  it("change-password through the API answers as HOJ: data {code, msg}", async () => {
    const user = await newUser();
    const token = await apiToken(user.username);
    const other = await apiToken(user.username);
    const wrong = await apiChangePassword.action(args(request("/ojapi/change-password", { token, json: { oldPassword: "nope-nope", newPassword: "api-pass-2" } })));
    expect(await body(wrong)).toMatchObject({ status: 200, data: { code: 400, msg: msg("setting", "currentPasswordWrong", { count: 1, max: 5 }) } });
    const ok = await apiChangePassword.action(args(request("/ojapi/change-password", { token, json: { oldPassword: "first-pass", newPassword: "api-pass-2" } })));
    expect(await body(ok)).toMatchObject({ status: 200, data: { code: 200, msg: msg("setting", "passwordChanged") } });
    expect((await apiAuthInfo.loader(args(request("/ojapi/get-user-auth-info", { token })))).status).toBe(200);
    expect((await apiAuthInfo.loader(args(request("/ojapi/get-user-auth-info", { token: other })))).status).toBe(401);
    const visitor = await apiChangePassword.action(args(request("/ojapi/change-password", { json: { oldPassword: "x", newPassword: "api-pass-3" } })));
    expect(visitor.status).toBe(401);
  });

  it("changes the e-mail with the code sent to the new address", async () => {
    const user = await newUser();
    const cookie = await pageLogin(user.username);
    const next = fresh("newmail").email;

    // The Get code button of the page.
    const sent = await setting({ intent: "sendEmailCode", newEmail: next }, cookie);
    expect(await body(sent)).toMatchObject({ ok: true, intent: "sendEmailCode", codeSent: { email: next, wait: 60 } });
    const code = await waitForCode(box.dir, next);

    const wrongPassword = await setting({ intent: "changeEmail", newEmail: next, code, password: "nope-nope" }, cookie);
    expect((await body<{ errors: Record<string, string> }>(wrongPassword)).errors.password).toBe(msg("setting", "currentPasswordWrong", { count: 1, max: 5 }));
    const noCode = await setting({ intent: "changeEmail", newEmail: next, code: "", password: "first-pass" }, cookie);
    expect((await body<{ errors: Record<string, string> }>(noCode)).errors.code).toBe(msg("validation", "codeRequired"));

    const ok = await setting({ intent: "changeEmail", newEmail: next, code, password: "first-pass" }, cookie);
    expect(ok.status).toBe(302);
    const stored = await User.findById(user._id).lean();
    expect(stored?.email).toBe(next);
    expect(stored?.emailLower).toBe(next.toLowerCase());

    // The same address again, or one taken by another account: refused.
    const same = await setting({ intent: "sendEmailCode", newEmail: next.toUpperCase() }, cookie);
    expect((await body<{ errors: Record<string, string> }>(same)).errors.newEmail).toBe(msg("validation", "emailSame"));
    const other = await newUser();
    const taken = await setting({ intent: "changeEmail", newEmail: other.email, code: "123456", password: "first-pass" }, cookie);
    expect((await body<{ errors: Record<string, string> }>(taken)).errors.newEmail).toBe(msg("validation", "emailExists"));
  });

  it("changes the e-mail through the API (get-change-email-code, change-email)", async () => {
    const user = await newUser();
    const token = await apiToken(user.username);
    const next = fresh("apimail").email;
    const sent = await apiEmailCode.loader(args(request(`/ojapi/get-change-email-code?email=${encodeURIComponent(next)}`, { token }), ip()));
    expect(sent.status).toBe(200);
    const code = await waitForCode(box.dir, next);
    const res = await apiChangeEmail.action(args(request("/ojapi/change-email", { token, json: { password: "first-pass", newEmail: next, code } })));
    const b = await body<ApiBody<{ code: number; userInfo: { email: string } }>>(res);
    expect(b.data.code).toBe(200);
    expect(b.data.userInfo.email).toBe(next);
    const again = await apiEmailCode.loader(args(request(`/ojapi/get-change-email-code?email=${encodeURIComponent(fresh("x").email)}`, { token }), ip()));
    expect(again.status).toBe(429);
  });

  it("updates the profile fields, within their limits", async () => {
    const user = await newUser();
    const cookie = await pageLogin(user.username);
    const res = await setting({ intent: "changeInfo", nickname: "Nick", realname: "Real Name", school: "School", gender: "female", signature: "hello", github: "https://github.com/x", blog: "", cfUsername: "tourist" }, cookie);
    expect(res.status).toBe(302);
    expect(await User.findById(user._id).lean()).toMatchObject({ nickname: "Nick", realname: "Real Name", school: "School", gender: "female", signature: "hello", cfUsername: "tourist" });

    const tooLong = await setting({ intent: "changeInfo", nickname: "n".repeat(21), gender: "male" }, cookie);
    expect(tooLong.status).toBe(400);
    expect((await body<{ errors: Record<string, string> }>(tooLong)).errors.nickname).toBe(msg("validation", "nicknameMax"));
    const badGender = await setting({ intent: "changeInfo", nickname: "ok", gender: "robot" }, cookie);
    expect((await body<{ errors: Record<string, string> }>(badGender)).errors.gender).toBe(msg("validation", "gender"));
    expect((await User.findById(user._id).lean())?.nickname).toBe("Nick");

    const token = await apiToken(user.username);
    const api = await apiChangeInfo.action(args(request("/ojapi/change-userInfo", { token, json: { nickname: "ApiNick", school: "Other" } })));
    expect(await body(api)).toMatchObject({ status: 200, msg: msg("setting", "infoSaved"), data: { nickname: "ApiNick", school: "Other", realname: "Real Name" } });
  });

  it("the settings page needs a signed-in user; a visitor goes home with the login modal", async () => {
    let thrown: unknown;
    try {
      await settingPage.loader(args(request("/setting")));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    const location = (thrown as Response).headers.get("Location")!;
    expect(location).toBe("/home?login=1&notice=pleaseLoginFirst&redirectTo=%2Fsetting");
  });

  it("logout by POST deletes the session and goes home with a toast; a GET only offers the button", async () => {
    const user = await newUser();
    const cookie = await pageLogin(user.username);
    // A GET (an address typed, or a link another site planted) changes nothing.
    const page = await logoutRoute.loader(args(request("/logout", { cookie })));
    expect(page.status).toBe(200);
    expect(await body(page)).toEqual({ title: msg("logout", "button") });
    expect(page.headers.get("Set-Cookie")).toBeNull();
    expect((await getCurrentUser(request("/home", { cookie })))?._id).toBe(user._id);

    const res = await logoutRoute.action(args(request("/logout", { cookie, method: "POST" })));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/home");
    expect(await getCurrentUser(request("/home", { cookie }))).toBeNull();
    expect(await takeFlash(request("/home", { cookie: cookieOf(res) }))).toEqual([{ type: "success", key: "auth:logout.success" }]);
    expect(await Session.countDocuments({ uid: user._id })).toBe(0);
  });

  it("a visitor on /logout (POST or GET) goes home with the login opened and 'Please login first'", async () => {
    const user = await newUser();
    const revoked = await pageLogin(user.username);
    await revokeUserSessions(user._id);
    for (const cookie of [undefined, revoked]) {
      for (const method of ["POST", "GET"]) {
        const req = request("/logout", { cookie, method });
        const res = method === "POST" ? await logoutRoute.action(args(req)) : await logoutRoute.loader(args(req)).catch((e: unknown) => e as Response);
        expect(res.status).toBe(302);
        expect(res.headers.get("Location")).toBe("/home?login=1&notice=pleaseLoginFirst");
        expect(res.headers.get("Set-Cookie")).toBeNull();
      }
    }
  });
});
