import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messagesTo, waitForCode } from "../../e2e/support/mailbox";
import { args, body, fresh, msg, request, setupAuthEnv, type ApiBody, type Mailbox } from "./helpers";

// Registration with e-mail set up: the code arrives through a real SMTP server, the rules of spec
// section 5 hold with their messages, and registration can be switched off.

const { mailbox } = await setupAuthEnv({ smtp: true });
const box = mailbox as Mailbox;
const { User } = await import("~/models/user.server");
const { disconnectDb } = await import("~/services/platform/db.server");
const { closeRedis } = await import("~/services/platform/redis.server");
const { updateWebsiteConfig } = await import("~/services/site/config.server");
const { redis, rkey } = await import("~/services/platform/redis.server");
const { spend } = await import("~/services/platform/rate-limit.server");
const { verifyPassword } = await import("~/services/account/password.server");
const registerPage = await import("~/routes/_account+/register");
const apiRegister = await import("~/routes/ojapi+/_account+/register");
const apiCode = await import("~/routes/ojapi+/_account+/get-register-code");
const apiCheck = await import("~/routes/ojapi+/_account+/check-username-or-email");

let mailIp = 0;
/** Each code comes from its own address, so the per-address mail limit stays out of the way. */
async function sendCode(email: string, ip = `198.51.100.${++mailIp}`): Promise<Response> {
  return apiCode.loader(args(request(`/ojapi/get-register-code?email=${encodeURIComponent(email)}`), ip));
}

async function codeFor(email: string): Promise<string> {
  const before = messagesTo(box.dir, email).length;
  const res = await sendCode(email);
  expect(res.status).toBe(200);
  return waitForCode(box.dir, email, before);
}

function registerForm(form: Record<string, string>, ip = "198.51.100.8") {
  return registerPage.action(args(request("/register", { form }), ip)) as Promise<Response>;
}

describe("registration", () => {
  beforeAll(async () => {
    await updateWebsiteConfig({ register: true });
  });
  afterAll(async () => {
    await box.close();
    await closeRedis();
    await disconnectDb();
  });

  it("registers with the code e-mailed to the address, through the API", async () => {
    const { username, email } = fresh("api");
    const code = await codeFor(email);
    expect(code).toMatch(/^\d{6}$/);
    const mail = messagesTo(box.dir, email).at(-1)!;
    expect(mail).toContain("Subject:");

    const res = await apiRegister.action(args(request("/ojapi/register", { json: { username, password: "secret1", email, code } })));
    const b = await body<ApiBody>(res);
    expect(res.status).toBe(200);
    expect(b.msg).toBe(msg("register", "success"));
    const user = await User.findOne({ usernameLower: username.toLowerCase() }).lean();
    expect(user?.email).toBe(email);
    expect(await verifyPassword(user!.passwordHash, "secret1")).toBe(true);

    // The code was used up.
    const again = fresh("api2");
    const res2 = await apiRegister.action(args(request("/ojapi/register", { json: { ...again, email, password: "secret1", code } })));
    expect(res2.status).toBe(409);
    expect((await body<ApiBody>(res2)).msg).toBe(msg("validation", "emailExists"));
  });

  it("registers through the page form; a redirect to /login with the welcome of a new account", async () => {
    const { username, email } = fresh("page");
    const code = await codeFor(email);
    const res = await registerForm({ intent: "register", username, password: "secret12", passwordAgain: "secret12", email, code });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/login?username=${username}&registered=1`);
    expect(await User.countDocuments({ usernameLower: username.toLowerCase() })).toBe(1);
  });

  it("sends the code from the form's Get code button (intent=sendCode) and waits 60 s before another", async () => {
    const { email } = fresh("btn");
    const res = await registerForm({ intent: "sendCode", email, username: "x" });
    const b = await body(res);
    expect(res.status).toBe(200);
    expect(b).toMatchObject({ ok: true, codeSent: { email, wait: 60 } });
    await waitForCode(box.dir, email);

    const again = await registerForm({ intent: "sendCode", email });
    const b2 = await body<{ errors: Record<string, string> }>(again);
    expect(again.status).toBe(429);
    expect(b2.errors._form).toMatch(/You are operating too fast, please send again in (59|60) seconds/);
    expect(messagesTo(box.dir, email)).toHaveLength(1);

    // A refused registration tells a page without JavaScript how long the wait still is.
    const refused = await registerForm({ intent: "register", username: fresh("btn").username, password: "secret1", passwordAgain: "secret1", email, code: "000000" }, "198.51.100.9");
    expect(refused.status).toBe(400);
    const b3 = await body<{ codeWait: number }>(refused);
    expect(b3.codeWait).toBeGreaterThanOrEqual(55);
    expect(b3.codeWait).toBeLessThanOrEqual(60);
    const elsewhere = await registerForm({ intent: "register", username: "okname", password: "secret1", passwordAgain: "secret1", email: fresh("btn2").email, code: "000000" }, "198.51.100.9");
    expect((await body<{ codeWait: number }>(elsewhere)).codeWait).toBe(0);
  });

  it("refuses a wrong code, keeps nothing, and throws a code away after 5 wrong tries", async () => {
    const { username, email } = fresh("wrong");
    const code = await codeFor(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) {
      const res = await registerForm({ username, password: "secret1", passwordAgain: "secret1", email, code: wrong });
      expect(res.status).toBe(400);
      expect((await body<{ errors: Record<string, string> }>(res)).errors.code).toBe(msg("code", "wrong"));
    }
    expect(await User.countDocuments({ usernameLower: username.toLowerCase() })).toBe(0);
    // The fifth wrong try throws the code away: even the right one is refused now.
    await registerForm({ username, password: "secret1", passwordAgain: "secret1", email, code: wrong });
    const res = await registerForm({ username, password: "secret1", passwordAgain: "secret1", email, code });
    expect((await body<{ errors: Record<string, string> }>(res)).errors.code).toBe(msg("code", "expired"));
  });

  it("refuses a taken username and a taken e-mail, whatever their case", async () => {
    const taken = fresh("taken");
    const code = await codeFor(taken.email);
    await apiRegister.action(args(request("/ojapi/register", { json: { ...taken, password: "secret1", code } })));

    const other = fresh("other");
    const code2 = await codeFor(other.email);
    const dupName = await registerForm({ username: taken.username.toUpperCase(), password: "secret1", passwordAgain: "secret1", email: other.email, code: code2 });
    expect(dupName.status).toBe(409);
    expect((await body<{ errors: Record<string, string> }>(dupName)).errors.username).toBe(msg("validation", "usernameExists"));

    const dupMail = await registerForm({ username: other.username, password: "secret1", passwordAgain: "secret1", email: taken.email.toUpperCase(), code: code2 });
    expect((await body<{ errors: Record<string, string> }>(dupMail)).errors.email).toBe(msg("validation", "emailExists"));
    // The code survived both refusals.
    const ok = await registerForm({ username: other.username, password: "secret1", passwordAgain: "secret1", email: other.email, code: code2 });
    expect(ok.status).toBe(302);

    // No code is sent to a taken address.
    const res = await sendCode(taken.email);
    expect(res.status).toBe(409);
    expect((await body<ApiBody>(res)).msg).toBe(msg("validation", "emailExists"));
  });

  it("answers check-username-or-email with flags", async () => {
    const taken = fresh("chk");
    const code = await codeFor(taken.email);
    await apiRegister.action(args(request("/ojapi/register", { json: { ...taken, password: "secret1", code } })));
    const res = await apiCheck.action(args(request("/ojapi/check-username-or-email", { json: { username: taken.username, email: "nobody@example.test" } })));
    expect((await body<ApiBody>(res)).data).toEqual({ username: true, email: false });
    const res2 = await apiCheck.action(args(request("/ojapi/check-username-or-email", { json: { username: "no-such-user", email: taken.email } })));
    expect((await body<ApiBody>(res2)).data).toEqual({ username: false, email: true });
  });

  it("gives every validation message of spec section 5 on its field, and never echoes a password", async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ username: "", password: "secret1", passwordAgain: "secret1", email: "a@b.test", code: "123456" }, "username", msg("validation", "usernameRequired")],
      [{ username: "x".repeat(21), password: "secret1", passwordAgain: "secret1", email: "a@b.test", code: "123456" }, "username", msg("validation", "usernameMax")],
      [{ username: "ok\u0000name", password: "secret1", passwordAgain: "secret1", email: "a@b.test", code: "123456" }, "username", msg("validation", "invalidChars")],
      [{ username: "okname", password: "", passwordAgain: "", email: "a@b.test", code: "123456" }, "password", msg("validation", "passwordRequired")],
      [{ username: "okname", password: "1234", passwordAgain: "1234", email: "a@b.test", code: "123456" }, "password", msg("validation", "passwordLength")],
      [{ username: "okname", password: "x".repeat(21), passwordAgain: "x".repeat(21), email: "a@b.test", code: "123456" }, "password", msg("validation", "passwordLength")],
      [{ username: "okname", password: "secret1", passwordAgain: "secret2", email: "a@b.test", code: "123456" }, "passwordAgain", msg("validation", "passwordMismatch")],
      [{ username: "okname", password: "secret1", passwordAgain: "secret1", email: "", code: "123456" }, "email", msg("validation", "emailRequired")],
      [{ username: "okname", password: "secret1", passwordAgain: "secret1", email: "not-an-email", code: "123456" }, "email", msg("validation", "emailFormat")],
      [{ username: "okname", password: "secret1", passwordAgain: "secret1", email: "a@b.test", code: "12345" }, "code", msg("validation", "codeLength")],
      [{ username: "okname", password: "secret1", passwordAgain: "secret1", email: "a@b.test", code: "12a456" }, "code", msg("validation", "codeLength")],
      [{ username: "okname", password: "secret1", passwordAgain: "secret1", email: "a@b.test", code: "" }, "code", msg("validation", "codeRequired")],
    ];
    for (const [form, field, text] of cases) {
      const res = await registerForm(form);
      const raw = await res.text();
      expect(res.status, `${field}: ${text}`).toBe(400);
      expect((JSON.parse(raw) as { errors: Record<string, string> }).errors[field]).toBe(text);
      if (form.password) expect(raw).not.toContain(form.password);
    }
    // The API answers the same rule with the same message.
    const res = await apiRegister.action(args(request("/ojapi/register", { json: { username: "okname", password: "1234", email: "a@b.test", code: "123456" } })));
    expect(res.status).toBe(400);
    expect((await body<ApiBody>(res)).msg).toBe(msg("validation", "passwordLength"));
    // And in Chinese by default.
    const zhRes = await apiRegister.action(args(request("/ojapi/register", { lang: "zh-CN", json: { username: "", password: "secret1", email: "a@b.test", code: "123456" } })));
    expect((await body<ApiBody>(zhRes)).msg).toBe("用户名不能为空");
    expect(await User.countDocuments({ usernameLower: "okname" })).toBe(0);
  });

  it("refuses everything while registration is switched off", async () => {
    await updateWebsiteConfig({ register: false });
    try {
      const { username, email } = fresh("off");
      const code = await sendCode(email);
      expect(code.status).toBe(403);
      expect((await body<ApiBody>(code)).msg).toBe(msg("register", "closed"));
      const res = await registerForm({ username, password: "secret1", passwordAgain: "secret1", email, code: "123456" });
      expect(res.status).toBe(403);
      expect((await body<{ errors: Record<string, string> }>(res)).errors._form).toBe(msg("register", "closed"));
      const api = await apiRegister.action(args(request("/ojapi/register", { json: { username, password: "secret1", email, code: "123456" } })));
      expect(api.status).toBe(403);
      expect(await User.countDocuments({ usernameLower: username.toLowerCase() })).toBe(0);
      const page = await registerPage.loader(args(request("/register")));
      expect(await page.json()).toMatchObject({ open: false });
    } finally {
      await updateWebsiteConfig({ register: true });
    }
  });

  it("limits registration attempts for one e-mail and for one username (10 an hour), from any address", async () => {
    const attempt = (username: string, email: string, n: number) =>
      registerForm({ username, password: "secret1", passwordAgain: "secret1", email, code: "000000" }, `198.18.${Math.floor(n / 200)}.${n % 200}`);
    const tooMany = /^Too many attempts, please try again in \d+ seconds$/;
    let n = 0;

    // One e-mail address, a new username and address each time.
    const target = fresh("rae");
    for (let i = 0; i < 10; i++) {
      const res = await attempt(fresh(`rae${i}`).username, target.email.toUpperCase(), ++n);
      expect(res.status).toBe(400);
      expect((await body<{ errors: Record<string, string> }>(res)).errors.code).toBe(msg("code", "expired"));
    }
    const mailRefused = await attempt(fresh("rae10").username, target.email, ++n);
    expect(mailRefused.status).toBe(429);
    expect((await body<{ errors: Record<string, string> }>(mailRefused)).errors._form).toMatch(tooMany);

    // One username, a new e-mail and address each time.
    const name = fresh("rau").username;
    for (let i = 0; i < 10; i++) expect((await attempt(i % 2 ? name : name.toUpperCase(), fresh(`rau${i}`).email, ++n)).status).toBe(400);
    const nameRefused = await apiRegister.action(
      args(request("/ojapi/register", { json: { username: name, password: "secret1", email: fresh("rau10").email, code: "000000" } }), "198.18.99.1"),
    );
    expect(nameRefused.status).toBe(429);
    expect((await body<ApiBody>(nameRefused)).msg).toMatch(tooMany);

    // The limit is on those accounts only: another one registers from the same addresses.
    const other = fresh("raok");
    const code = await codeFor(other.email);
    expect((await registerForm({ ...other, password: "secret1", passwordAgain: "secret1", code }, "198.18.0.1")).status).toBe(302);
  });

  it("lets a class behind one address register: after 10 in an hour each needs the slide puzzle; past 100 refused, saying why", async () => {
    const ip = "192.0.2.77";
    const answer = async (token: string) => (JSON.parse((await redis().get(rkey("puzzle", token)))!) as { x: number }).x;
    for (let i = 0; i < 30; i++) {
      const { username, email } = fresh(`rl${i}`);
      const code = await codeFor(email);
      const form = { username, password: "secret1", passwordAgain: "secret1", email, code };
      const page = (await (await registerPage.loader(args(request("/register"), ip))).json()) as { puzzle: { token: string } | null };
      if (i < 10) {
        expect(page.puzzle, `registration ${i + 1}`).toBeNull();
        expect((await registerForm(form, ip)).status).toBe(302);
        continue;
      }
      // The page shows the puzzle at once; a try without it is answered with one, and nothing is written.
      expect(page.puzzle, `registration ${i + 1}`).not.toBeNull();
      const asked = await registerForm(form, ip);
      expect(asked.status).toBe(400);
      const b = await body<{ errors: Record<string, string>; data: { puzzle: { token: string }; needPuzzle: boolean } }>(asked);
      expect(b.errors.puzzle).toBe(msg("register", "puzzleRequired"));
      expect(await User.countDocuments({ usernameLower: username.toLowerCase() })).toBe(0);
      await new Promise((r) => setTimeout(r, 450));
      const res = await registerForm({ ...form, puzzleToken: b.data.puzzle.token, puzzleOffset: String(await answer(b.data.puzzle.token)) }, ip);
      expect(res.status, `registration ${i + 1}`).toBe(302);
    }
    expect(await User.countDocuments({ usernameLower: { $regex: /^rl\d/ } })).toBeGreaterThanOrEqual(30);

    // Past the hard cap (100 an hour from one address), refused with what happens, in both languages.
    const capIp = "192.0.2.78";
    await spend(...Array.from({ length: 100 }, () => ["registerIpCap", capIp] as ["registerIpCap", string]));
    const { username, email } = fresh("rlcap");
    const code = await codeFor(email);
    const refused = await registerForm({ username, password: "secret1", passwordAgain: "secret1", email, code }, capIp);
    expect(refused.status).toBe(429);
    expect((await body<{ errors: Record<string, string> }>(refused)).errors._form).toMatch(
      /^100 accounts were registered from this network in the last hour, the most one address may register\. Try again in \d+ seconds, or ask the site's administrator to create the accounts\.$/,
    );
    const zhRefused = await registerPage.action(args(request("/register", { form: { username, password: "secret1", passwordAgain: "secret1", email, code }, lang: "zh-CN" }), capIp)) as Response;
    expect((await body<{ errors: Record<string, string> }>(zhRefused)).errors._form).toMatch(/^过去一小时内从该网络已注册 100 个账号/);
    expect(await User.countDocuments({ usernameLower: username.toLowerCase() })).toBe(0);
  });
});
