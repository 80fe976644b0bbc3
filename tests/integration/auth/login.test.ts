import { afterAll, describe, expect, it } from "vitest";
import { args, body, cookieOf, fresh, msg, request, setupAuthEnv, sleep, type ApiBody } from "./helpers";

// Login (spec sections 4 and 5): page action and API, field errors with status 400, the failure
// counter per account and per address, the slide puzzle checked on the server, disabled accounts,
// the admin login and the rate limits (failures only; per account they bring the puzzle, never a lock).

await setupAuthEnv({ smtp: false });
const { Role, SLIDE_PUZZLE } = await import("~/lib/constants");
const { Session } = await import("~/models/session.server");
const { User } = await import("~/models/user.server");
const { createUser } = await import("~/services/account/users.server");
const { disconnectDb } = await import("~/services/platform/db.server");
const { closeRedis, redis, rkey } = await import("~/services/platform/redis.server");
const { RATE_RULES } = await import("~/services/platform/rate-limit.server");
const { takeFlash } = await import("~/http/flash.server");
const { getCurrentUser } = await import("~/services/account/session.server");
const loginPage = await import("~/routes/_account+/login");
const adminLogin = await import("~/routes/admin_+/login");
const apiLogin = await import("~/routes/ojapi+/_account+/login");
const apiAdminLogin = await import("~/routes/ojapi+/admin+/login");

type FormAnswer = { ok: boolean; errors: Record<string, string>; data?: { puzzle?: { token: string; width: number; height: number; pieceWidth: number; background: string; piece: string } } };

async function newUser(opts: { role?: number; status?: number } = {}) {
  const { username, email } = fresh("lg");
  const user = await createUser({ username, email, password: "right-pass", role: opts.role });
  if (opts.status) await User.updateOne({ _id: user._id }, { $set: { status: opts.status } });
  return user;
}

let ipSeq = 0;
const newIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

function login(form: Record<string, string>, ip = newIp()) {
  return loginPage.action(args(request("/login", { form }), ip)) as Promise<Response>;
}

/** Five failed logins of one account from one address; the last refusal brings the puzzle. */
async function failUntilPuzzle(username: string, ip: string) {
  let last: FormAnswer | null = null;
  for (let i = 0; i < 5; i++) last = (await (await login({ username, password: "nope-nope" }, ip)).json()) as FormAnswer;
  return last!.data!.puzzle!;
}

async function answerOf(token: string): Promise<number> {
  const raw = await redis().get(rkey("puzzle", token));
  return (JSON.parse(raw!) as { x: number }).x;
}

describe("login", () => {
  afterAll(async () => {
    await closeRedis();
    await disconnectDb();
  });

  it("signs in through the form: a new session with the uid, the welcome toast, then redirectTo", async () => {
    const user = await newUser();
    const res = await login({ username: user.username, password: "right-pass", redirectTo: "/problem?page=2" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/problem?page=2");
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/^oj_sid=/);
    const me = await getCurrentUser(request("/home", { cookie }));
    expect(me?._id).toBe(user._id);
    expect(await takeFlash(request("/home", { cookie }))).toEqual([{ type: "success", key: "auth:login.welcome" }]);
    const sessions = await Session.find({ uid: user._id }).lean();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].ip).toMatch(/^10\.1\./);
    expect((await User.findById(user._id).lean())?.recentLoginTime).toBeInstanceOf(Date);
  });

  it("replaces the visitor's session id on login, and keeps redirects inside the site", async () => {
    const user = await newUser();
    const visitor = await Session.create({ _id: "planted-session-id-0000000000", uid: "", data: {}, expiresAt: new Date(Date.now() + 3600_000) });
    const { sessionCookie } = await import("~/services/account/session.server");
    const planted = (await sessionCookie.serialize(visitor._id)).split(";")[0];
    const res = (await loginPage.action(args(request("/login", { cookie: planted, form: { username: user.username, password: "right-pass", redirectTo: "//evil.example/x" } })))) as Response;
    expect(res.headers.get("Location")).toBe("/home");
    expect(cookieOf(res)).not.toBe(planted);
    expect(await Session.findById(visitor._id)).toBeNull();
    for (const target of ["/\t/evil.example", "/\\evil.example", "https://evil.example/"]) {
      const again = await login({ username: user.username, password: "right-pass", redirectTo: target });
      expect(again.headers.get("Location")).toBe("/home");
    }
  });

  it("refuses a wrong password with 'Please check your username or password' and never echoes it", async () => {
    const user = await newUser();
    for (const username of [user.username, "no-such-user-xyz"]) {
      const res = await login({ username, password: "wrong-pass-123" });
      const raw = await res.text();
      expect(res.status).toBe(400);
      expect((JSON.parse(raw) as FormAnswer).errors._form).toBe(msg("login", "failed"));
      expect(raw).not.toContain("wrong-pass-123");
      expect(res.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("gives field errors with status 400", async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ username: "", password: "secret1" }, "username", msg("validation", "usernameRequired")],
      [{ username: "u".repeat(21), password: "secret1" }, "username", msg("validation", "usernameMax")],
      [{ username: "someone", password: "" }, "password", msg("validation", "passwordRequired")],
      [{ username: "someone", password: "1234" }, "password", msg("validation", "loginPasswordLength")],
      [{ username: "someone", password: "x".repeat(26) }, "password", msg("validation", "loginPasswordLength")],
    ];
    for (const [form, field, text] of cases) {
      const res = await login(form);
      expect(res.status).toBe(400);
      expect(((await res.json()) as FormAnswer).errors[field]).toBe(text);
    }
    expect(msg("validation", "loginPasswordLength")).toBe("The length of the password should be between 5 and 25");
  });

  it("accepts the passwords of generated accounts, up to 25 characters, as the message says", async () => {
    const { username, email } = fresh("lg25");
    const password = "G".repeat(25);
    await createUser({ username, email, password });
    expect((await login({ username, password })).status).toBe(302);
  });

  it("after 5 failures on an account requires the puzzle: wrong offset refused, right one accepted", async () => {
    const user = await newUser();
    // Five failures from five addresses: the account's own count.
    for (let i = 0; i < 4; i++) {
      const res = await login({ username: user.username, password: "nope-nope" });
      expect(((await res.json()) as FormAnswer).data?.puzzle).toBeUndefined();
    }
    const fifth = (await (await login({ username: user.username, password: "nope-nope" })).json()) as FormAnswer;
    expect(fifth.errors._form).toBe(msg("login", "failed"));
    expect(fifth.data?.puzzle).toMatchObject({ width: SLIDE_PUZZLE.width, height: SLIDE_PUZZLE.height, pieceWidth: SLIDE_PUZZLE.pieceSize });
    expect(fifth.data!.puzzle!.background).toMatch(/^data:image\/png;base64,/);

    // Even the right password is refused without the puzzle.
    const noPuzzle = await login({ username: user.username, password: "right-pass" });
    const np = (await noPuzzle.json()) as FormAnswer;
    expect(noPuzzle.status).toBe(400);
    expect(np.errors.puzzle).toBe(msg("puzzle", "required"));
    expect(noPuzzle.headers.get("Set-Cookie")).toBeNull();

    // A wrong offset: refused, and a new puzzle comes with the refusal.
    let puzzle = np.data!.puzzle!;
    const x = await answerOf(puzzle.token);
    await sleep(450);
    const wrong = await login({ username: user.username, password: "right-pass", puzzleToken: puzzle.token, puzzleOffset: String(x + SLIDE_PUZZLE.accuracy + 2) });
    const w = (await wrong.json()) as FormAnswer;
    expect(w.errors.puzzle).toBe(msg("puzzle", "wrong"));
    expect(w.data?.puzzle?.token).not.toBe(puzzle.token);

    // The used token is gone, even with the right answer.
    const reused = await login({ username: user.username, password: "right-pass", puzzleToken: puzzle.token, puzzleOffset: String(x) });
    expect(((await reused.json()) as FormAnswer).errors.puzzle).toBe(msg("puzzle", "expired"));

    // Within 3 px of the cut-out: accepted.
    puzzle = w.data!.puzzle!;
    const x2 = await answerOf(puzzle.token);
    await sleep(450);
    const ok = await login({ username: user.username, password: "right-pass", puzzleToken: puzzle.token, puzzleOffset: String(x2 - SLIDE_PUZZLE.accuracy) });
    expect(ok.status).toBe(302);

    // Success reset the count: the next failure needs no puzzle.
    const after = (await (await login({ username: user.username, password: "nope-nope" })).json()) as FormAnswer;
    expect(after.errors._form).toBe(msg("login", "failed"));
    expect(after.data?.puzzle).toBeUndefined();
  });

  it("a solved puzzle with a wrong password keeps the count: the next attempt needs a puzzle again", async () => {
    const user = await newUser();
    const ip = newIp();
    const puzzle = await failUntilPuzzle(user.username, ip);
    const x = await answerOf(puzzle.token);
    await sleep(450);
    const solvedButWrong = await login({ username: user.username, password: "still-wrong", puzzleToken: puzzle.token, puzzleOffset: String(x) }, ip);
    const s = (await solvedButWrong.json()) as FormAnswer;
    expect(solvedButWrong.status).toBe(400);
    expect(s.errors._form).toBe(msg("login", "failed"));
    // The refusal already brings the next puzzle.
    expect(s.data?.puzzle?.token).toBeTruthy();

    // Even the right password is refused without solving it, from this address and from another.
    for (const from of [ip, newIp()]) {
      const next = await login({ username: user.username, password: "right-pass" }, from);
      expect(next.status).toBe(400);
      expect(((await next.json()) as FormAnswer).errors.puzzle).toBe(msg("puzzle", "required"));
    }
  });

  it("refuses a puzzle answered faster than a person can drag", async () => {
    const user = await newUser();
    const ip = newIp();
    const puzzle = await failUntilPuzzle(user.username, ip);
    const x = await answerOf(puzzle.token);
    const res = await login({ username: user.username, password: "right-pass", puzzleToken: puzzle.token, puzzleOffset: String(x) }, ip);
    expect(((await res.json()) as FormAnswer).errors.puzzle).toBe(msg("puzzle", "tooFast"));
  });

  it("counts failures per address too: another account from that address needs the puzzle", async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) await login({ username: `ghost${i}x`, password: "nope-nope" }, ip);
    const user = await newUser();
    const res = await login({ username: user.username, password: "right-pass" }, ip);
    expect(((await res.json()) as FormAnswer).errors.puzzle).toBe(msg("puzzle", "required"));
    // The login page shows the puzzle to that address before it tries.
    const page = await loginPage.loader(args(request("/login"), ip));
    expect(((await page.json()) as { puzzle: unknown }).puzzle).not.toBeNull();
    const elsewhere = await loginPage.loader(args(request("/login"), newIp()));
    expect(((await elsewhere.json()) as { puzzle: unknown }).puzzle).toBeNull();
  });

  it("refuses a disabled account (status 1) even with the right password", async () => {
    const user = await newUser({ status: 1 });
    const res = await login({ username: user.username, password: "right-pass" });
    expect(res.status).toBe(403);
    expect(((await res.json()) as FormAnswer).errors._form).toBe(msg("login", "disabled"));
    const api = await apiLogin.action(args(request("/ojapi/login", { json: { username: user.username, password: "right-pass" } }), newIp()));
    expect(api.status).toBe(403);
    expect(api.headers.get("Authorization")).toBeNull();
    expect(await Session.countDocuments({ uid: user._id })).toBe(0);
  });

  it("logs in through the API: user info in data, the token in Authorization, exposed to scripts", async () => {
    const user = await newUser();
    const res = await apiLogin.action(args(request("/ojapi/login", { json: { username: user.username, password: "right-pass" } }), newIp()));
    const b = await body<ApiBody<Record<string, unknown>>>(res);
    expect(res.status).toBe(200);
    expect(b.msg).toBe(msg("login", "welcome"));
    expect(b.data).toMatchObject({ uid: user._id, username: user.username, email: user.email, roleList: ["default_role"] });
    expect(b.data).not.toHaveProperty("passwordHash");
    expect(res.headers.get("Authorization")).toMatch(/^ey/);
    expect(res.headers.get("Access-Control-Expose-Headers")).toContain("Authorization");

    const bad = await apiLogin.action(args(request("/ojapi/login", { json: { username: user.username, password: "wrong-pass" } }), newIp()));
    expect(bad.status).toBe(400);
    expect((await body<ApiBody>(bad)).msg).toBe(msg("login", "failed"));
  });

  it("asks API clients for the puzzle too, with the puzzle in data", async () => {
    const user = await newUser();
    for (let i = 0; i < 5; i++) await apiLogin.action(args(request("/ojapi/login", { json: { username: user.username, password: "wrong-pass" } }), newIp()));
    const res = await apiLogin.action(args(request("/ojapi/login", { json: { username: user.username, password: "right-pass" } }), newIp()));
    const b = await body<ApiBody<{ needPuzzle: boolean; puzzle: { token: string } }>>(res);
    expect(res.status).toBe(400);
    expect(b.msg).toBe(msg("puzzle", "required"));
    expect(b.data.needPuzzle).toBe(true);
    const x = await answerOf(b.data.puzzle.token);
    await sleep(450);
    const ok = await apiLogin.action(
      args(request("/ojapi/login", { json: { username: user.username, password: "right-pass", puzzleToken: b.data.puzzle.token, puzzleOffset: x + 1 } }), newIp()),
    );
    expect(ok.status).toBe(200);
  });

  it("admin login: administrators only", async () => {
    const plain = await newUser();
    const admin = await newUser({ role: Role.ADMIN });
    const refused = (await adminLogin.action(args(request("/admin/login", { form: { username: plain.username, password: "right-pass" } }), newIp()))) as Response;
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as FormAnswer).errors._form).toBe(msg("admin", "notAdmin"));
    expect(await Session.countDocuments({ uid: plain._id })).toBe(0);

    const ok = (await adminLogin.action(args(request("/admin/login", { form: { username: admin.username, password: "right-pass" } }), newIp()))) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/admin");
    const toPage = (await adminLogin.action(
      args(request("/admin/login", { form: { username: admin.username, password: "right-pass", redirectTo: "/admin/problems" } }), newIp()),
    )) as Response;
    expect(toPage.headers.get("Location")).toBe("/admin/problems");

    const api = await apiAdminLogin.action(args(request("/ojapi/admin/login", { json: { username: plain.username, password: "right-pass" } }), newIp()));
    expect(api.status).toBe(403);
    expect((await body<ApiBody>(api)).msg).toBe(msg("admin", "notAdmin"));
    const apiOk = await apiAdminLogin.action(args(request("/ojapi/admin/login", { json: { username: admin.username, password: "right-pass" } }), newIp()));
    expect(apiOk.status).toBe(200);
    expect((await body<ApiBody<{ roleList: string[] }>>(apiOk)).data.roleList).toEqual(["admin"]);
  });

  it("failures on an account from many addresses never lock its owner out: every login needs the puzzle, which the owner solves", async () => {
    const owner = await newUser({ role: Role.ADMIN });
    const ownIp = newIp();
    const wrong = [
      (ip: string) => login({ username: owner.username, password: "nope-nope" }, ip),
      (ip: string) => apiLogin.action(args(request("/ojapi/login", { json: { username: owner.username, password: "nope-nope" } }), ip)),
      async (ip: string) => (await adminLogin.action(args(request("/admin/login", { form: { username: owner.username, password: "nope-nope" } }), ip))) as Response,
      (ip: string) => apiAdminLogin.action(args(request("/ojapi/admin/login", { json: { username: owner.username, password: "nope-nope" } }), ip)),
    ];
    // The owner's own login through the page, the API and the admin login, each answering the puzzle it is given.
    const right = [
      async (extra: Record<string, string>) => login({ username: owner.username, password: "right-pass", ...extra }, ownIp),
      async (extra: Record<string, string>) => apiLogin.action(args(request("/ojapi/login", { json: { username: owner.username, password: "right-pass", ...extra } }), ownIp)),
      async (extra: Record<string, string>) =>
        (await adminLogin.action(args(request("/admin/login", { form: { username: owner.username, password: "right-pass", ...extra } }), ownIp))) as Response,
    ];
    for (const signIn of right) {
      // 11 wrong passwords from 11 addresses, through every login there is: 33 in all.
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await wrong[i % wrong.length](newIp())).status);
      expect(statuses.every((s) => s === 400)).toBe(true);

      const asked = await signIn({});
      expect(asked.status).toBe(400);
      const answer = (await asked.json()) as { data: { puzzle: { token: string } } };
      const token = answer.data.puzzle.token;
      const x = await answerOf(token);
      await sleep(450);
      const done = await signIn({ puzzleToken: token, puzzleOffset: String(x) });
      expect([200, 302]).toContain(done.status);
    }
  });

  it("20 failures on an account in 10 minutes make its logins need the puzzle, even after the owner's successes reset the count", async () => {
    const owner = await newUser();
    const ownIp = newIp();
    expect(RATE_RULES.loginAccount.points).toBe(20);
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 4; i++) expect((await login({ username: owner.username, password: "nope-nope" })).status).toBe(400);
      // Four in a row need no puzzle yet; the owner's success starts the count again.
      if (round < 4) expect((await login({ username: owner.username, password: "right-pass" }, ownIp)).status).toBe(302);
    }
    const gated = await login({ username: owner.username, password: "right-pass" }, ownIp);
    expect(gated.status).toBe(400);
    const g = (await gated.json()) as FormAnswer;
    expect(g.errors.puzzle).toBe(msg("puzzle", "required"));
    const x = await answerOf(g.data!.puzzle!.token);
    await sleep(450);
    const ok = await login({ username: owner.username, password: "right-pass", puzzleToken: g.data!.puzzle!.token, puzzleOffset: String(x) }, ownIp);
    expect(ok.status).toBe(302);
    // The window is not the count a success resets: the next login needs the puzzle again.
    expect(((await (await login({ username: owner.username, password: "right-pass" }, ownIp)).json()) as FormAnswer).errors.puzzle).toBe(msg("puzzle", "required"));
    // Another account is not gated by it.
    const other = await newUser();
    expect((await login({ username: other.username, password: "right-pass" })).status).toBe(302);
  });

  it("never counts successful logins: one account signs in from one address past every allowance", async () => {
    const user = await newUser();
    const ip = newIp();
    const times = RATE_RULES.loginIp.points + 5;
    for (let i = 0; i < times; i++) {
      const res = await login({ username: user.username, password: "right-pass" }, ip);
      expect(res.status, `login ${i + 1}`).toBe(302);
    }
    const failed = await login({ username: user.username, password: "nope-nope" }, ip);
    expect(failed.status).toBe(400);
    expect(((await failed.json()) as FormAnswer).data?.puzzle).toBeUndefined();
  });

  it("limits attempts on one account from one address (10 in 10 minutes): that address is refused, its owner elsewhere is not", async () => {
    const user = await newUser();
    const other = await newUser();
    const ip = newIp();
    expect(RATE_RULES.loginPair.points).toBe(10);
    const statuses: number[] = [];
    // Five wrong passwords, then five tries without the puzzle they now need.
    for (let i = 0; i < 10; i++) statuses.push((await login({ username: user.username, password: "nope-nope" }, ip)).status);
    expect(statuses.every((s) => s === 400)).toBe(true);
    const refused = await login({ username: user.username, password: "right-pass" }, ip);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as FormAnswer).errors._form).toMatch(/^Too many attempts, please try again in \d+ seconds$/);
    expect(refused.headers.get("Set-Cookie")).toBeNull();

    // The owner elsewhere: the puzzle (five failures in a row), then in.
    const elsewhere = await login({ username: user.username, password: "right-pass" });
    expect(elsewhere.status).toBe(400);
    const p = ((await elsewhere.json()) as FormAnswer).data!.puzzle!;
    const x = await answerOf(p.token);
    await sleep(450);
    expect((await login({ username: user.username, password: "right-pass", puzzleToken: p.token, puzzleOffset: String(x) })).status).toBe(302);

    // The same address and another account: the address's puzzle, never a 429.
    const sameIp = await login({ username: other.username, password: "right-pass" }, ip);
    expect(sameIp.status).toBe(400);
    expect(((await sameIp.json()) as FormAnswer).errors.puzzle).toBe(msg("puzzle", "required"));
  });

  it("limits login attempts per address (30 in 10 minutes)", async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await login({ username: `visitor${i}`, password: "nope-nope" }, ip)).status);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
