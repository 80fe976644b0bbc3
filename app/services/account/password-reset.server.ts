import type { TFunction } from "i18next";
import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import { User } from "~/models/user.server";
import { AccountError } from "./errors.server";
import { codeField, emailField, newPasswordField, passwordAgainField, refinePasswordAgain, usernameField } from "./fields.server";
import { verifyCaptcha } from "./captcha.server";
import { checkCode, claimSendSlot, consumeCode, dropCode, releaseWait, storeCode } from "./email-code.server";
import { resetFailures } from "./login.server";
import { emailEnabled, sendCodeMail, siteUrl } from "../platform/mail.server";
import { hashPassword } from "./password.server";
import { consume } from "../platform/rate-limit.server";
import { revokeUserSessions } from "./session.server";
import { findUserByEmail, findUserByUsername } from "./users.server";
import { usernameKey } from "./username.server";

// Reset by e-mail (spec sections 2, 5 and 8): the visitor gives an e-mail address and an image
// captcha; the account's owner receives a link to /reset-password with the username and a 6-digit
// code; that page sets a new password. A reset ends every session of the account.

export const applyResetSchema = z.object({
  email: emailField,
  captcha: z
    .string({ required_error: "auth:validation.captchaRequired", invalid_type_error: "auth:validation.captchaRequired" })
    .trim()
    .min(LIMITS.captchaMin, "auth:validation.captchaRequired")
    .max(LIMITS.captchaMax, "auth:validation.captchaLength"),
  captchaKey: z.string().optional().default(""),
});
export type ApplyResetInput = z.infer<typeof applyResetSchema>;

export const resetPasswordSchema = z
  .object({
    username: usernameField,
    password: newPasswordField,
    passwordAgain: passwordAgainField,
    code: codeField,
  })
  .superRefine((v, ctx) => refinePasswordAgain(v, ctx, (x) => x.password));
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The link e-mailed for a reset. */
export async function resetLink(username: string, code: string): Promise<string> {
  const q = new URLSearchParams({ username, code });
  return `${await siteUrl()}reset-password?${q.toString()}`;
}

/**
 * Checks the captcha, then e-mails the account of the address a reset code and link. One e-mail per
 * address every 90 seconds.
 */
export async function applyResetPassword(input: ApplyResetInput, client: { ip: string }, t: TFunction): Promise<{ email: string; wait: number }> {
  if (!emailEnabled()) throw new AccountError("auth:reset.unavailable", { kind: "unavailable" });
  await verifyCaptcha(input.captchaKey, input.captcha);
  const user = await findUserByEmail(input.email);
  if (!user) throw new AccountError("auth:validation.emailNotExist", { field: "email", kind: "notFound" });
  const target = input.email.toLowerCase();
  await claimSendSlot("reset", target, LIMITS.resetCodeResendSeconds);
  try {
    await consume(["mailIp", client.ip], ["mailTarget", target]);
    const code = await storeCode("reset", user._id);
    await sendCodeMail({ t, to: user.email, kind: "reset", code, username: user.username, link: await resetLink(user.username, code) });
  } catch (err) {
    await Promise.all([releaseWait("reset", target), dropCode("reset", user._id)]);
    throw err;
  }
  return { email: input.email, wait: LIMITS.resetCodeResendSeconds };
}

/** Sets a new password with an e-mailed code; every session of the account ends. */
export async function resetPassword(input: ResetPasswordInput, client: { ip: string }): Promise<{ uid: string; username: string }> {
  await consume(["resetIp", client.ip], ["resetAccount", usernameKey(input.username)]);
  const user = await findUserByUsername(input.username);
  if (!user) throw new AccountError("auth:validation.usernameNotExist", { field: "username", kind: "notFound" });
  await checkCode("reset", user._id, input.code, "auth:reset.linkExpired");
  await consumeCode("reset", user._id, input.code);
  await User.updateOne({ _id: user._id }, { $set: { passwordHash: await hashPassword(input.password), gmtModified: new Date() } });
  await revokeUserSessions(user._id);
  await resetFailures(user.username, client.ip);
  return { uid: user._id, username: user.username };
}
