import { randomUUID } from "node:crypto";
import { User, type UserDoc } from "~/models/user.server";
import { Role } from "~/lib/constants";
import { hashPassword } from "./password.server";

export function newUid(): string {
  return randomUUID().replaceAll("-", "");
}

/** The unique key stored for an e-mail (see UserDoc.emailLower). */
export function emailKey(email: string, uid: string): string {
  const e = email.trim().toLowerCase();
  return e ? e : `#${uid}`;
}

export function findUserByUsername(username: string) {
  return User.findOne({ usernameLower: username.trim().toLowerCase() }).lean<UserDoc>();
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
    username: input.username.trim(),
    usernameLower: input.username.trim().toLowerCase(),
    email,
    emailLower: emailKey(email, uid),
    passwordHash: await hashPassword(input.password),
    role: input.role ?? Role.DEFAULT_USER,
    realname: input.realname ?? "",
    nickname: input.nickname ?? "",
    school: input.school ?? "",
    gender: input.gender ?? "secrecy",
    gmtCreate: now,
    gmtModified: now,
  });
  return doc.toObject();
}
