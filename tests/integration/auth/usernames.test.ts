import { afterAll, describe, expect, it } from "vitest";
import { args, body, fresh, msg, request, setupAuthEnv, type ApiBody } from "./helpers";

// Look-alike usernames (UTS #39): a name is normalised (NFKC) wherever one is typed, a new one may
// hold no invisible characters and no letters of two scripts (but Latin with Han, as Chinese
// learners write), and accounts are told apart without case. Through the real pages and API.

await setupAuthEnv({ smtp: false });
const { ProblemAuth } = await import("~/lib/constants");
const { Problem } = await import("~/models/problem.server");
const { Submission } = await import("~/models/submission.server");
const { User } = await import("~/models/user.server");
const { createUser, rekeyUsernames } = await import("~/services/account/users.server");
const { storeCode } = await import("~/services/account/email-code.server");
const { verifyPassword } = await import("~/services/account/password.server");
const { disconnectDb } = await import("~/services/platform/db.server");
const { closeRedis } = await import("~/services/platform/redis.server");
const registerPage = await import("~/routes/_account+/register");
const apiRegister = await import("~/routes/ojapi+/_account+/register");
const apiCheck = await import("~/routes/ojapi+/_account+/check-username-or-email");
const loginPage = await import("~/routes/_account+/login");
const apiLogin = await import("~/routes/ojapi+/_account+/login");
const resetPage = await import("~/routes/_account+/reset-password");
const apiSubmissions = await import("~/routes/ojapi+/_submission+/get-submission-list");

let ipSeq = 0;
const newIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const emailsTried: string[] = [];

function registerApi(username: string) {
  const { email } = fresh("ua");
  emailsTried.push(email);
  return apiRegister.action(args(request("/ojapi/register", { json: { username, password: "secret1", email } }), newIp()));
}

function registerForm(username: string) {
  const { email } = fresh("uf");
  emailsTried.push(email);
  return registerPage.action(args(request("/register", { form: { username, password: "secret1", passwordAgain: "secret1", email, code: "" } }), newIp())) as Promise<Response>;
}

/** The full-width form of an ASCII name ("ｒｏｏｔ"), which NFKC turns back into it. */
const wide = (name: string) => [...name].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join("");

/** A unique ASCII stem for one test ("u123456"), short enough to decorate. */
const stem = () => fresh("u").username.slice(0, 12).toLowerCase();

describe("usernames", () => {
  afterAll(async () => {
    await closeRedis();
    await disconnectDb();
  });

  it("refuses each look-alike trick, on the page and through the API, and stores nothing", async () => {
    const base = stem();
    await createUser({ username: base, password: "secret1", email: `${base}@example.test` });
    const tricks: Array<[string, string, string]> = [
      ["zero-width space", `${base.slice(0, 2)}\u200b${base.slice(2)}`, msg("validation", "usernameInvisible")],
      ["zero-width joiner", `${base}\u200d`, msg("validation", "usernameInvisible")],
      ["right-to-left mark", `${base}\u200f`, msg("validation", "usernameInvisible")],
      ["right-to-left override", `\u202e${base}`, msg("validation", "usernameInvisible")],
      ["Hangul filler", `${base}\u3164`, msg("validation", "usernameInvisible")],
      ["a Cyrillic а before Latin letters", `\u0430${base}`, msg("validation", "usernameMixedScripts")],
      ["Cyrillic о in rооt", "r\u043e\u043et", msg("validation", "usernameMixedScripts")],
      ["Greek omicron in Latin", "r\u03bfot", msg("validation", "usernameMixedScripts")],
      ["Greek and Latin", `${base}\u03b1\u03b2`, msg("validation", "usernameMixedScripts")],
      ["full-width letters of a taken name", wide(base), msg("validation", "usernameExists")],
      ["the taken name in capitals", base.toUpperCase(), msg("validation", "usernameExists")],
      ["full-width root", "ｒｏｏｔ", msg("validation", "usernameExists")],
    ];
    for (const [what, name, text] of tricks) {
      const api = await registerApi(name);
      expect(api.status, what).toBeGreaterThanOrEqual(400);
      expect((await body<ApiBody>(api)).msg, what).toBe(text);
      const page = await registerForm(name);
      expect(page.status, what).toBeGreaterThanOrEqual(400);
      expect((await body<{ errors: Record<string, string> }>(page)).errors.username, what).toBe(text);
    }
    expect(emailsTried.length).toBe(tricks.length * 2);
    expect(await User.countDocuments({ email: { $in: emailsTried } })).toBe(0);
  });

  it("keeps the names people write: Han with Latin letters and digits, one script, Japanese and Korean with Latin", async () => {
    const n = String(ipSeq).padStart(3, "0");
    for (const name of [`张三abc${n}`, `user_01_${n}`, `иван${n}`, `Ελένη${n}`, `田中たなかabc${n}`, `김철수abc${n}`, `é${stem()}`]) {
      const res = await registerApi(name);
      expect(res.status, name).toBe(200);
      const user = await User.findOne({ username: name }).lean();
      expect(user, name).not.toBeNull();
    }
  });

  it("stores the normal form: a name typed in full-width letters is registered as plain ones", async () => {
    const base = stem();
    expect((await registerApi(wide(base))).status).toBe(200);
    const user = await User.findOne({ usernameLower: base }).lean();
    expect(user?.username).toBe(base);
  });

  it("signs in with any form of the name: full-width, other case; 'ｒｏｏｔ' is root", async () => {
    const base = stem();
    await createUser({ username: base, password: "secret1" });
    const page = await loginPage.action(args(request("/login", { form: { username: wide(base.toUpperCase()), password: "secret1" } }), newIp()));
    expect((page as Response).status).toBe(302);
    const api = await apiLogin.action(args(request("/ojapi/login", { json: { username: base.toUpperCase(), password: "secret1" } }), newIp()));
    expect(api.status).toBe(200);
    expect((await body<ApiBody<{ username: string }>>(api)).data.username).toBe(base);

    // root's password is unknown here: the answer says the name was found (a wrong password), as for "root".
    const asRoot = await apiLogin.action(args(request("/ojapi/login", { json: { username: "ｒｏｏｔ", password: "not-roots" } }), newIp()));
    expect(asRoot.status).toBe(400);
    expect(await User.countDocuments({ usernameLower: "root" })).toBe(1);
  });

  it("check-username-or-email finds a name in any of its forms", async () => {
    const base = stem();
    await createUser({ username: base, password: "secret1" });
    for (const form of [base, base.toUpperCase(), wide(base), ` ${base}\u3000`]) {
      const res = await apiCheck.action(args(request("/ojapi/check-username-or-email", { json: { username: form } }), newIp()));
      expect((await body<ApiBody<{ username: boolean }>>(res)).data.username, form).toBe(true);
    }
  });

  it("the reset page finds the account by any form of its name", async () => {
    const base = stem();
    const user = await createUser({ username: base, password: "secret1" });
    const code = await storeCode("reset", user._id);
    const res = (await resetPage.action(args(request("/reset-password", { form: { intent: "reset", username: wide(base), code, password: "newpass1", passwordAgain: "newpass1" } }), newIp()))) as Response;
    expect(res.status).toBeLessThan(400);
    expect(await verifyPassword((await User.findById(user._id).lean())!.passwordHash, "newpass1")).toBe(true);
  });

  it("the status list's author filter finds the author by any form of the name", async () => {
    const base = stem();
    const user = await createUser({ username: base, password: "secret1" });
    const pid = 700000 + (Date.now() % 100000);
    await Problem.create({ _id: pid, problemId: `UN${pid}`, problemIdUpper: `UN${pid}`, title: "Names", auth: ProblemAuth.PUBLIC, languages: ["C"] });
    await Submission.create({ _id: 800000 + (Date.now() % 100000), pid, uid: user._id, username: base, status: 0, language: "C", code: "x" });
    for (const form of [base, base.toUpperCase(), wide(base)]) {
      const res = await apiSubmissions.loader(args(request(`/ojapi/get-submission-list?username=${encodeURIComponent(form)}`)));
      const records = (await body<ApiBody<{ records: Array<{ uid: string }> }>>(res)).data.records;
      expect(records.map((r) => r.uid), form).toEqual([user._id]);
    }
  });

  it("on start, accounts stored with a key that was only lower-cased get the normalised one", async () => {
    const base = stem();
    const user = await createUser({ username: base, password: "secret1" });
    // As an older version stored a full-width name: the name and a lower-cased key, both full-width.
    await User.updateOne({ _id: user._id }, { $set: { username: wide(base), usernameLower: wide(base).toLowerCase() } });
    expect(await rekeyUsernames()).toBeGreaterThanOrEqual(1);
    expect((await User.findById(user._id).lean())?.usernameLower).toBe(base);
    const res = await loginPage.action(args(request("/login", { form: { username: base, password: "secret1" } }), newIp()));
    expect((res as Response).status).toBe(302);
  });
});
