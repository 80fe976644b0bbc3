import { randomUUID } from "node:crypto";
import { User, type UserDoc } from "~/models/user.server";
import { logger } from "../platform/logger.server";
import { hashPassword } from "./password.server";
import { normalizeUsername, usernameKey } from "./username.server";
import { DEFAULT_ROLE } from "../access/policy.server";

export function newUid(): string {
  return randomUUID().replaceAll("-", "");
}

/** The unique key stored for an e-mail (see UserDoc.emailLower). */
export function emailKey(email: string, uid: string): string {
  const e = email.trim().toLowerCase();
  return e ? e : `#${uid}`;
}

/** The account of a username as someone typed it (normalised and compared without case). */
export function findUserByUsername(username: string) {
  return User.findOne({ usernameLower: usernameKey(username) }).lean<UserDoc>();
}

/**
 * Accounts stored before usernames were normalised have a key that was only lower-cased; only a
 * name with a character beyond ASCII can differ. Each gets usernameKey's key, unless another
 * account already holds that key: then both are left as they are and the clash is logged for an
 * administrator to rename one. Runs on every start; once the keys agree it changes nothing.
 */
export async function rekeyUsernames(): Promise<number> {
  const docs = await User.find({ usernameLower: { $regex: "[^\\x00-\\x7F]" } }).select("_id username usernameLower").lean<Array<Pick<UserDoc, "_id" | "username" | "usernameLower">>>();
  let changed = 0;
  for (const d of docs) {
    const key = usernameKey(d.username);
    if (key === d.usernameLower) continue;
    try {
      await User.updateOne({ _id: d._id }, { $set: { usernameLower: key } });
      changed++;
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
      logger.warn({ uid: d._id, username: d.username }, "another account already has this username once normalised: rename one of them");
    }
  }
  return changed;
}

export function findUserByEmail(email: string) {
  const e = email.trim().toLowerCase();
  if (!e.includes("@")) return Promise.resolve(null);
  return User.findOne({ emailLower: e }).lean<UserDoc>();
}

export function findUserById(uid: string) {
  return User.findById(uid).lean<UserDoc>();
}

export async function createUser(input: {
  username: string;
  password: string;
  email?: string;
  role?: number;
  realname?: string;
  nickname?: string;
  school?: string;
  gender?: string;
}): Promise<UserDoc> {
  const now = new Date();
  const email = (input.email ?? "").trim();
  const uid = newUid();
  const doc = await User.create({
    _id: uid,
    username: normalizeUsername(input.username),
    usernameLower: usernameKey(input.username),
    email,
    emailLower: emailKey(email, uid),
    passwordHash: await hashPassword(input.password),
    role: input.role ?? DEFAULT_ROLE,
    realname: input.realname ?? "",
    nickname: input.nickname ?? "",
    school: input.school ?? "",
    gender: input.gender ?? "secrecy",
    gmtCreate: now,
    gmtModified: now,
  });
  return doc.toObject();
}

/** How many problems the user has solved (the site's limits on posting, commenting and creating groups read it). */
export async function solvedProblemCount(uid: string): Promise<number> {
  const u = await User.findById(uid).select("solvedPids").lean<Pick<UserDoc, "solvedPids">>();
  return u?.solvedPids?.length ?? 0;
}

/** What a page shows beside a name (avatar and title) for many users at once: one batched query. */
export type ShownUser = Pick<UserDoc, "_id" | "avatar" | "titleName" | "titleColor">;

export async function shownUsers(uids: readonly string[]): Promise<Map<string, ShownUser>> {
  const unique = [...new Set(uids)];
  if (unique.length === 0) return new Map();
  const users = await User.find({ _id: { $in: unique } }).select("_id avatar titleName titleColor").lean<ShownUser[]>();
  return new Map(users.map((u) => [u._id, u]));
}
