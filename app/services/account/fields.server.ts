import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import { normalizeUsername, usernameRefusal } from "./username.server";

// Field rules of spec section 5, shared by the account schemas. Messages are translation keys of
// the "auth" namespace.

const text = (requiredKey: string) => z.string({ required_error: requiredKey, invalid_type_error: requiredKey });

/** No control characters (the store refuses NUL; the rest only hide what a name really is). */
export function withoutControlChars(s: string): boolean {
  return ![...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

/** A username to look up (login, password reset): normalised as every username is (username.server.ts). */
export const usernameField = text("auth:validation.usernameRequired")
  .transform(normalizeUsername)
  .pipe(
    z
      .string()
      .min(1, "auth:validation.usernameRequired")
      .max(LIMITS.usernameMax, "auth:validation.usernameMax")
      .refine(withoutControlChars, "auth:validation.invalidChars"),
  );

/** A username to register: no invisible characters, no look-alike letters of another script. */
export const newUsernameField = usernameField.superRefine((name, ctx) => {
  const refusal = usernameRefusal(name);
  if (refusal) ctx.addIssue({ code: z.ZodIssueCode.custom, message: refusal });
});

/** A new password: 5 to 20 characters. */
export const newPasswordField = text("auth:validation.passwordRequired")
  .min(1, "auth:validation.passwordRequired")
  .min(LIMITS.passwordMin, "auth:validation.passwordLength")
  .max(LIMITS.passwordMax, "auth:validation.passwordLength");

/** The current password, to confirm a change. */
export const currentPasswordField = text("auth:validation.currentPasswordRequired").min(1, "auth:validation.currentPasswordRequired").max(100, "auth:validation.passwordLength");

export const emailField = text("auth:validation.emailRequired")
  .trim()
  .min(1, "auth:validation.emailRequired")
  .max(100, "auth:validation.emailFormat")
  .email("auth:validation.emailFormat");

/** A 6-digit e-mailed code; empty is allowed here and decided by the service (no SMTP, no code). */
export const optionalCodeField = z
  .string({ invalid_type_error: "auth:validation.codeLength" })
  .trim()
  .regex(/^(\d{6})?$/, "auth:validation.codeLength")
  .optional()
  .default("");

export const codeField = text("auth:validation.codeRequired")
  .trim()
  .min(1, "auth:validation.codeRequired")
  .regex(/^\d{6}$/, "auth:validation.codeLength");

/** The confirmation of a new password; HOJ's client does not send it, so it is checked when present. */
export const passwordAgainField = z.string({ invalid_type_error: "auth:validation.passwordMismatch" }).optional();

export function refinePasswordAgain<T extends { passwordAgain?: string }>(value: T, ctx: z.RefinementCtx, passwordOf: (v: T) => string): void {
  if (value.passwordAgain !== undefined && value.passwordAgain !== passwordOf(value)) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["passwordAgain"], message: "auth:validation.passwordMismatch" });
  }
}
