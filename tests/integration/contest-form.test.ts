import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "~/lib/constants";
import { AwardType, ContestAuth, ContestType } from "~/lib/contest";
import { localInputValue } from "~/lib/contest-draft";
import { Contest } from "~/models/contest.server";
import * as adminCreate from "~/routes/admin+/contest+/create";
import * as adminEdit from "~/routes/admin+/contest+/$contestId.edit";
import { createUser } from "~/services/account/users.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { call, sessionCookieFor } from "./support/call-route";

// The admin contest form by direct request: its times read in the zone the form names (the
// admin's browser's, or the server's, which the form then states), and award rows added and
// removed by the form's buttons without storing anything.

let rootCookie = "";
let adminCookie = "";
const en = { "Accept-Language": "en" };

type Answer = { draft: { startTime: string; endTime: string; tzOffset: string; awards: Array<{ name: string; num: string }> }; errors: Record<string, string> };

function form(over: Record<string, string | string[]> = {}): Record<string, string | string[]> {
  return {
    title: "Zone Cup",
    description: "Times in the admin's zone.",
    type: String(ContestType.OI),
    auth: String(ContestAuth.PUBLIC),
    startTime: "2031-03-01T10:00",
    endTime: "2031-03-01T15:00",
    rankShowName: "username",
    oiRankScoreType: "Recent",
    awardType: String(AwardType.NUMBER),
    awardName: ["Gold", "Silver", "Bronze"],
    awardBackground: ["#ffd700", "#c0c0c0", "#cd7f32"],
    awardColor: ["#000000", "#000000", "#000000"],
    awardNum: ["1", "2", "3"],
    visible: "on",
    ...over,
  };
}

const post = (o: { cookie?: string; form: Record<string, string | string[]> }) => call(adminCreate.action, "/admin/contest/create", { ...o, headers: en });

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  const root = await createUser({ username: "zone-root", password: "secret123", email: "zone-root@example.test", role: Role.SUPER_ADMIN });
  const admin = await createUser({ username: "zone-admin", password: "secret123", email: "zone-admin@example.test", role: Role.ADMIN });
  rootCookie = await sessionCookieFor(root._id);
  adminCookie = await sessionCookieFor(admin._id);
});

afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("the contest form's time zone", () => {
  it("reads the times in the zone the browser sent", async () => {
    const res = await post({ cookie: rootCookie, form: form({ title: "East Cup", tzOffset: "-480" }) });
    expect(res.status).toBe(302);
    const c = (await Contest.findOne({ title: "East Cup" }).lean())!;
    expect(c.startTime.toISOString()).toBe("2031-03-01T02:00:00.000Z");
    expect(c.endTime.toISOString()).toBe("2031-03-01T07:00:00.000Z");
    expect(c.duration).toBe(5 * 3600);

    // The edit form shows them in the server's zone and says which; saved back unchanged.
    const edit = await call(adminEdit.loader, `/admin/contest/${c._id}/edit`, { cookie: rootCookie, headers: en, params: { contestId: String(c._id) } });
    const draft = ((await edit.json()) as Answer).draft;
    const serverOffset = new Date().getTimezoneOffset();
    expect(draft).toMatchObject({ tzOffset: String(serverOffset), startTime: localInputValue(c.startTime, serverOffset) });
    const saved = await call(adminEdit.action, `/admin/contest/${c._id}/edit`, { cookie: rootCookie, headers: en, params: { contestId: String(c._id) }, form: form({ title: "East Cup", startTime: draft.startTime, endTime: draft.endTime, tzOffset: draft.tzOffset }) });
    expect(saved.status).toBe(302);
    expect((await Contest.findById(c._id).lean())!.startTime.toISOString()).toBe("2031-03-01T02:00:00.000Z");
  });

  it("reads them in the server's zone without the browser's (no JavaScript), and ignores a zone that is none", async () => {
    for (const [title, tz] of [["Plain Cup", undefined], ["Odd Cup", "99999"]] as const) {
      const res = await post({ cookie: rootCookie, form: form({ title, ...(tz ? { tzOffset: tz } : {}) }) });
      expect(res.status).toBe(302);
      const c = (await Contest.findOne({ title }).lean())!;
      expect(c.startTime.getTime()).toBe(new Date(2031, 2, 1, 10, 0).getTime());
    }
  });

  it("refuses a time that names no moment with the field's error and stores nothing", async () => {
    const before = await Contest.countDocuments();
    const res = await post({ cookie: rootCookie, form: form({ title: "Bad Cup", startTime: "2031-02-31T10:00", tzOffset: "-480" }) });
    expect(res.status).toBe(400);
    const answer = (await res.json()) as Answer;
    expect(answer.errors.startTime).toBe("The start time is required");
    expect(answer.draft).toMatchObject({ startTime: "2031-02-31T10:00", tzOffset: "-480" });
    expect(await Contest.countDocuments()).toBe(before);
  });
});

describe("the contest form's award rows", () => {
  it("adds and removes rows by the form's buttons, storing nothing, up to ten rows", async () => {
    const before = await Contest.countDocuments();
    const added = await post({ cookie: rootCookie, form: form({ intent: "award-add", tzOffset: "-480" }) });
    expect(added.status).toBe(200);
    const a = (await added.json()) as Answer;
    expect(a.draft.awards.map((x) => x.name)).toEqual(["Gold", "Silver", "Bronze", ""]);
    expect(a.draft.tzOffset).toBe("-480");
    const removed = (await (await post({ cookie: rootCookie, form: form({ intent: "award-remove-1" }) })).json()) as Answer;
    expect(removed.draft.awards.map((x) => x.name)).toEqual(["Gold", "Bronze"]);
    const ten = Array.from({ length: 10 }, (_, i) => `A${i}`);
    const full = (await (await post({ cookie: rootCookie, form: form({ intent: "award-add", awardName: ten, awardBackground: ten.map(() => "#fff"), awardColor: ten.map(() => "#000"), awardNum: ten.map(() => "1") }) })).json()) as Answer;
    expect(full.draft.awards).toHaveLength(10);
    expect(await Contest.countDocuments()).toBe(before);
  });

  it("stores the rows the admin kept, in their order", async () => {
    const res = await post({ cookie: rootCookie, form: form({ title: "Four Awards", awardName: ["Gold", "Silver", "Bronze", "Honour"], awardBackground: ["#ffd700", "#c0c0c0", "#cd7f32", "#ffffff"], awardColor: ["#000000", "#000000", "#000000", "#000000"], awardNum: ["1", "2", "3", "4"] }) });
    expect(res.status).toBe(302);
    const c = (await Contest.findOne({ title: "Four Awards" }).lean())!;
    expect(c.awardConfig.map((x) => [x.name, x.num, x.priority])).toEqual([["Gold", 1, 1], ["Silver", 2, 2], ["Bronze", 3, 3], ["Honour", 4, 4]]);
  });

  it("refuses every row removed under an award type, and a row without a name, storing nothing", async () => {
    const before = await Contest.countDocuments();
    const none = await post({ cookie: rootCookie, form: form({ title: "No Rows", awardName: [], awardBackground: [], awardColor: [], awardNum: [] }) });
    expect(none.status).toBe(400);
    expect(((await none.json()) as Answer).errors.awardConfigList).toBeTruthy();
    const unnamed = await post({ cookie: rootCookie, form: form({ title: "Unnamed", awardName: ["Gold", ""], awardBackground: ["#ffd700", "#fff"], awardColor: ["#000", "#000"], awardNum: ["1", "1"] }) });
    expect(unnamed.status).toBe(400);
    expect(await Contest.countDocuments()).toBe(before);
  });

  it("an admin who does not run the contest may not edit it, whatever the intent", async () => {
    const c = (await Contest.findOne({ title: "Four Awards" }).lean())!;
    const res = await call(adminEdit.action, `/admin/contest/${c._id}/edit`, { cookie: adminCookie, headers: en, params: { contestId: String(c._id) }, form: form({ intent: "save" }) });
    expect(res.status).toBe(403);
  });
});
