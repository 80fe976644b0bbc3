import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "~/lib/constants";
import { User, type UserDoc } from "~/models/user.server";
import * as avatarFile from "~/routes/_account+/avatar.$name";
import * as changeInfo from "~/routes/ojapi+/_account+/change-userInfo";
import * as upload from "~/routes/ojapi+/file+/upload-avatar";
import * as settingAvatar from "~/routes/_account+/setting.avatar";
import { encodePng } from "~/services/platform/png.server";
import { disconnectDb } from "~/services/platform/db.server";
import { closeRedis } from "~/services/platform/redis.server";
import { bodyRuleOf } from "../../server/body-limit";
import { body, call, cookieFor } from "../fixtures/learner";
import { makeUser, openStore } from "./support/judging";

// Avatars through HOJ's /ojapi/file/upload-avatar and the settings page's form: a picture is kept
// and served; a wrong type (by name or by content), a picture over 2 MB, no file and no login are
// refused with the spec's messages and change nothing. And the student number among the profile fields.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
type Api = { status: number; msg: string; data: any };

let user: UserDoc;

function png(side = 4): Buffer {
  return encodePng(side, side, new Uint8Array(side * side * 4).fill(200));
}

async function send(handler: unknown, path: string, file: { data: Buffer; name: string } | null, o: { uid?: string | null } = {}) {
  const form = new FormData();
  if (file) form.set("image", new Blob([new Uint8Array(file.data)]), file.name);
  const headers = new Headers({ "Accept-Language": "en" });
  const uid = o.uid === undefined ? user._id : o.uid;
  if (uid) headers.set("Cookie", await cookieFor(uid));
  return call(handler, new Request(`http://localhost${path}`, { method: "POST", headers, body: form }));
}

async function avatarOf(uid: string) {
  return (await User.findById(uid).select("avatar").lean())!.avatar;
}

beforeAll(async () => {
  await openStore();
  user = await makeUser();
});
afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

describe("avatar upload", () => {
  it("keeps a picture and serves it under its content hash", async () => {
    const res = await send(upload.action, "/ojapi/file/upload-avatar", { data: png(), name: "me.PNG" });
    const b = await body<Api>(res);
    expect(res.status).toBe(200);
    expect(b.msg).toBe("Upload Avatar Successfully");
    expect(b.data.avatar).toMatch(/^\/avatar\/[0-9a-f]{32}\.png$/);
    expect(await avatarOf(user._id)).toBe(b.data.avatar);
    const file = await call(avatarFile.loader, new Request(`http://localhost${b.data.avatar}`), { name: b.data.avatar.split("/").pop()! });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.from(await file.arrayBuffer()).equals(png())).toBe(true);
  });

  it("refuses what is not an allowed picture, by name or by content", async () => {
    const before = await avatarOf(user._id);
    for (const file of [
      { data: Buffer.from("not a picture at all"), name: "fake.png" },
      { data: png(), name: "picture.svg" },
      { data: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), name: "x.webp" },
    ]) {
      const res = await send(upload.action, "/ojapi/file/upload-avatar", file);
      expect(res.status).toBe(400);
      expect((await body<Api>(res)).msg).toBe("File type not support");
    }
    expect(await avatarOf(user._id)).toBe(before);
  });

  it("refuses a picture over 2 MB", async () => {
    const before = await avatarOf(user._id);
    const big = Buffer.concat([png(), Buffer.alloc(LIMITS.avatarMaxBytes)]);
    const res = await send(upload.action, "/ojapi/file/upload-avatar", { data: big, name: "big.png" });
    expect(res.status).toBe(413);
    expect((await body<Api>(res)).msg).toBe("Exceed max size limit");
    expect(await avatarOf(user._id)).toBe(before);
    expect(bodyRuleOf("/ojapi/file/upload-avatar").bytes).toBeLessThan(LIMITS.avatarMaxBytes + 100 * 1024);
    expect(bodyRuleOf("/setting/avatar").counted).toBe(true);
  });

  it("refuses no file and no login", async () => {
    const none = await send(upload.action, "/ojapi/file/upload-avatar", null);
    expect(none.status).toBe(400);
    expect((await body<Api>(none)).msg).toBe("Please choose a picture");
    const visitor = await send(upload.action, "/ojapi/file/upload-avatar", { data: png(), name: "a.png" }, { uid: null });
    expect(visitor.status).toBe(401);
  });

  it("the settings page's form goes back to /setting with the message", async () => {
    const ok = await send(settingAvatar.action, "/setting/avatar", { data: png(8), name: "square.gif.png" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/setting#avatar");
    expect(await avatarOf(user._id)).toMatch(/^\/avatar\/[0-9a-f]{32}\.png$/);
    const visitor = await send(settingAvatar.action, "/setting/avatar", { data: png(8), name: "a.png" }, { uid: null });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/login=1/);
  });

  it("an unknown or malformed avatar name is 404", async () => {
    for (const name of ["../secrets.json", "0123456789abcdef0123456789abcdef.svg", "0123456789abcdef0123456789abcdef.png"]) {
      const res = await call(avatarFile.loader, new Request(`http://localhost/avatar/x`), { name });
      expect(res.status).toBe(404);
    }
  });
});

describe("profile", () => {
  it("keeps the student number, limited to 50 characters", async () => {
    const ok = await call(changeInfo.action, new Request("http://localhost/ojapi/change-userInfo", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: await cookieFor(user._id), "Accept-Language": "en" },
      body: JSON.stringify({ number: "20260001" }),
    }));
    expect((await body<Api>(ok)).data.number).toBe("20260001");
    const long = await call(changeInfo.action, new Request("http://localhost/ojapi/change-userInfo", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: await cookieFor(user._id), "Accept-Language": "en" },
      body: JSON.stringify({ number: "9".repeat(51) }),
    }));
    expect(long.status).toBe(400);
    expect((await body<Api>(long)).msg).toBe("The student number must not exceed 50 characters");
    expect((await User.findById(user._id).lean())!.number).toBe("20260001");
  });
});
