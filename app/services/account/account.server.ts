import type { TFunction } from "i18next";
import { z } from "zod";
import { ACCOUNT_CHANGE_LOCK_SECONDS, ACCOUNT_CHANGE_MAX_FAILURES, EMAIL_CODE_TTL_SECONDS, GENDERS, PROFILE_LIMITS } from "~/lib/account";
import { LIMITS, ROLE_NAMES, type RoleCode } from "~/lib/constants";
import { User, type UserDoc } from "~/models/user.server";
import { AccountError } from "./errors.server";
import { currentPasswordField, emailField, newPasswordField, optionalCodeField, passwordAgainField, withoutControlChars } from "./fields.server";
import { checkCode, claimSendSlot, consumeCode, dropCode, releaseWait, storeCode } from "./email-code.server";
import { emailEnabled, sendCodeMail } from "../platform/mail.server";
import { hashPassword, verifyPassword } from "./password.server";
import { consume } from "../platform/rate-limit.server";
import { redis, rkey } from "../platform/redis.server";
import { revokeUserSessions } from "./session.server";
import { emailKey, findUserByEmail, findUserById } from "./users.server";

// The signed-in user's own account (spec sections 2 and 5, "Settings"): change password (other
// sessions end), change e-mail (with a code sent to the new address), and profile fields.

/** The user info HOJ's client keeps after login (UserInfoVo), with role names in roleList. */
export interface UserInfoView {
  uid: string;
  username: string;
  nickname: string;
  avatar: string;
  email: string;
  number: string;
  gender: string;
  school: string;
  course: string;
  signature: string;
  realname: string;
  github: string;
  blog: string;
  cfUsername: string;
  titleName: string;
  titleColor: string;
  roleList: string[];
}

export function roleName(role: number): string {
  return ROLE_NAMES[role as RoleCode] ?? "default_role";
}

export function userInfoView(u: UserDoc): UserInfoView {
  return {
    uid: u._id,
    username: u.username,
    nickname: u.nickname ?? "",
    avatar: u.avatar ?? "",
    email: u.email ?? "",
    number: u.number ?? "",
    gender: u.gender ?? "secrecy",
    school: u.school ?? "",
    course: u.course ?? "",
    signature: u.signature ?? "",
    realname: u.realname ?? "",
    github: u.github ?? "",
    blog: u.blog ?? "",
    cfUsername: u.cfUsername ?? "",
    titleName: u.titleName ?? "",
    titleColor: u.titleColor ?? "",
    roleList: [roleName(u.role)],
  };
}

async function loadUser(uid: string): Promise<UserDoc> {
  const user = await findUserById(uid);
  if (!user || user.status !== 0) throw new AccountError("common:errors.pleaseLoginFirst", { kind: "unauthenticated" });
  return user;
}

// Wrong current passwords are counted per user and per form; five in a row lock the form for 30 min.
type Guarded = "password" | "email";
const failKey = (what: Guarded, uid: string) => rkey("account-fail", what, uid);
const lockKey = (what: Guarded, uid: string) => rkey("account-lock", what, uid);

async function assertNotLocked(what: Guarded, uid: string): Promise<void> {
  const ttl = await redis().ttl(lockKey(what, uid));
  if (ttl > 0) throw new AccountError("auth:setting.locked", { kind: "forbidden", params: { minutes: Math.ceil(ttl / 60) } });
}

async function checkCurrentPassword(what: Guarded, user: UserDoc, password: string, field: string): Promise<void> {
  if (await verifyPassword(user.passwordHash, password)) {
    await redis().del(failKey(what, user._id));
    return;
  }
  const count = await redis().incr(failKey(what, user._id));
  await redis().expire(failKey(what, user._id), ACCOUNT_CHANGE_LOCK_SECONDS);
  if (count >= ACCOUNT_CHANGE_MAX_FAILURES) {
    await redis().del(failKey(what, user._id));
    await redis().set(lockKey(what, user._id), "1", "EX", ACCOUNT_CHANGE_LOCK_SECONDS);
  }
  throw new AccountError("auth:setting.currentPasswordWrong", { field, params: { count, max: ACCOUNT_CHANGE_MAX_FAILURES } });
}

// ---- change password

export const changePasswordSchema = z
  .object({
    oldPassword: currentPasswordField,
    newPassword: newPasswordField,
    passwordAgain: passwordAgainField,
  })
  .superRefine((v, ctx) => {
    if (v.passwordAgain !== undefined && v.passwordAgain !== v.newPassword) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["passwordAgain"], message: "auth:validation.passwordMismatch" });
    }
    if (v.oldPassword === v.newPassword) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["newPassword"], message: "auth:validation.passwordSame" });
    }
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Changes the password and ends every other session of the user (the current one stays). */
export async function changePassword(uid: string, input: ChangePasswordInput, currentSessionId: string): Promise<{ revoked: number }> {
  const user = await loadUser(uid);
  await assertNotLocked("password", uid);
  await checkCurrentPassword("password", user, input.oldPassword, "oldPassword");
  await User.updateOne({ _id: uid }, { $set: { passwordHash: await hashPassword(input.newPassword), gmtModified: new Date() } });
  const revoked = await revokeUserSessions(uid, currentSessionId || undefined);
  return { revoked };
}

// ---- change e-mail

export const changeEmailCodeSchema = z.object({ email: emailField });

export const changeEmailSchema = z.object({
  password: currentPasswordField,
  newEmail: emailField,
  code: optionalCodeField,
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

const changeTarget = (uid: string, email: string) => `${uid}:${email.toLowerCase()}`;

async function assertNewEmailUsable(user: UserDoc, email: string): Promise<void> {
  if (user.email && user.email.toLowerCase() === email.toLowerCase()) {
    throw new AccountError("auth:validation.emailSame", { field: "newEmail" });
  }
  const other = await findUserByEmail(email);
  if (other && other._id !== user._id) throw new AccountError("auth:validation.emailExists", { field: "newEmail", kind: "conflict" });
}

/** E-mails a code to the new address (GET /ojapi/get-change-email-code); one per 60 s. */
export async function sendChangeEmailCode(uid: string, email: string, client: { ip: string }, t: TFunction): Promise<{ email: string; expire: number; wait: number }> {
  if (!emailEnabled()) throw new AccountError("auth:setting.noEmail", { kind: "unavailable" });
  const user = await loadUser(uid);
  await assertNewEmailUsable(user, email);
  const target = changeTarget(uid, email);
  // The wait is per account: one account cannot spray codes at many addresses.
  await claimSendSlot("change-email", uid, LIMITS.registerCodeResendSeconds);
  try {
    await consume(["mailIp", client.ip], ["mailTarget", uid]);
    const code = await storeCode("change-email", target);
    await sendCodeMail({ t, to: email.trim(), kind: "changeEmail", code, username: user.username });
  } catch (err) {
    await Promise.all([releaseWait("change-email", uid), dropCode("change-email", target)]);
    throw err;
  }
  return { email: email.trim(), expire: EMAIL_CODE_TTL_SECONDS, wait: LIMITS.registerCodeResendSeconds };
}

/** Changes the e-mail after checking the current password and (when mail is set up) the code. */
export async function changeEmail(uid: string, input: ChangeEmailInput): Promise<UserDoc> {
  const user = await loadUser(uid);
  await assertNotLocked("email", uid);
  await assertNewEmailUsable(user, input.newEmail);
  const needCode = emailEnabled();
  if (needCode && !input.code) throw new AccountError("auth:validation.codeRequired", { field: "code" });
  await checkCurrentPassword("email", user, input.password, "password");
  const target = changeTarget(uid, input.newEmail);
  if (needCode) {
    await checkCode("change-email", target, input.code);
    await consumeCode("change-email", target, input.code);
  }
  try {
    await User.updateOne({ _id: uid }, { $set: { email: input.newEmail, emailLower: emailKey(input.newEmail, uid), gmtModified: new Date() } });
  } catch (err) {
    if ((err as { code?: number }).code === 11000) throw new AccountError("auth:validation.emailExists", { field: "newEmail", kind: "conflict" });
    throw err;
  }
  return loadUser(uid);
}

// ---- profile

const optionalText = (max: number, key: string) =>
  z
    .string({ invalid_type_error: key })
    .trim()
    .max(max, key)
    .refine(withoutControlChars, "auth:validation.invalidChars")
    .optional()
    .nullable()
    .transform((v) => v ?? undefined);

export const changeUserInfoSchema = z.object({
  nickname: optionalText(PROFILE_LIMITS.nickname, "auth:validation.nicknameMax"),
  realname: optionalText(PROFILE_LIMITS.realname, "auth:validation.realnameMax"),
  school: optionalText(PROFILE_LIMITS.school, "auth:validation.schoolMax"),
  signature: z
    .string({ invalid_type_error: "auth:validation.signatureMax" })
    .max(PROFILE_LIMITS.signature, "auth:validation.signatureMax")
    .refine((v) => !v.includes("\u0000"), "auth:validation.invalidChars")
    .optional()
    .nullable()
    .transform((v) => v ?? undefined),
  github: optionalText(PROFILE_LIMITS.github, "auth:validation.githubMax"),
  blog: optionalText(PROFILE_LIMITS.blog, "auth:validation.blogMax"),
  cfUsername: optionalText(PROFILE_LIMITS.cfUsername, "auth:validation.cfUsernameMax"),
  number: optionalText(PROFILE_LIMITS.number, "auth:validation.numberMax"),
  gender: z
    .enum(GENDERS, { errorMap: () => ({ message: "auth:validation.gender" }) })
    .optional()
    .nullable()
    .transform((v) => v ?? undefined),
});
export type ChangeUserInfoInput = z.infer<typeof changeUserInfoSchema>;

/** Updates the profile fields given (absent ones stay as they are). */
export async function changeUserInfo(uid: string, input: ChangeUserInfoInput): Promise<UserDoc> {
  await loadUser(uid);
  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) if (v !== undefined) set[k] = v;
  if (Object.keys(set).length) await User.updateOne({ _id: uid }, { $set: { ...set, gmtModified: new Date() } });
  return loadUser(uid);
}
