// Account rules shared by the forms (browser) and the services (server). Limits of the
// specification itself (username 20, password 5–20, code 6…) stay in constants.ts.

/** How long an e-mailed code stays valid. */
export const EMAIL_CODE_TTL_SECONDS = 10 * 60;

/** Wrong guesses allowed on one e-mailed code before it is thrown away. */
export const EMAIL_CODE_MAX_TRIES = 5;

/** Wrong current passwords (change password / e-mail) before the form locks for a while. */
export const ACCOUNT_CHANGE_MAX_FAILURES = 5;
export const ACCOUNT_CHANGE_LOCK_SECONDS = 30 * 60;

/**
 * Login and admin login accept 5 to 25 characters: new passwords are 5 to 20, but the passwords an
 * admin generates for accounts are up to 25 (spec sections 5 and 9), and those accounts must be
 * able to log in. The login form says 5 to 25 accordingly.
 */
export const LOGIN_PASSWORD_MAX = 25;

/** Profile fields (HOJ's limits: real name 50, nickname 20). */
export const PROFILE_LIMITS = {
  nickname: 20,
  realname: 50,
  school: 50,
  signature: 1000,
  github: 255,
  blog: 255,
  cfUsername: 50,
  number: 50,
} as const;

/** Avatar pictures (spec section 5), checked again by their content on the server. */
export const AVATAR_EXTENSIONS = ["gif", "jpg", "jpeg", "png", "bmp", "webp"] as const;
/** The browser crops a chosen avatar to this square before sending it (spec: cropper 200x200). */
export const AVATAR_SIZE = 200;

export const GENDERS = ["male", "female", "secrecy"] as const;

// The modes of the login modal are in auth-modes.ts.
export type { AuthMode } from "./auth-modes";

/** Query parameters that open the modal or carry its state; removed from the URL when it closes. */
export const AUTH_QUERY_KEYS = ["login", "register", "reset", "notice", "redirectTo"] as const;

/** What the server sends the browser to draw a slide puzzle (the answer stays on the server). */
export interface PuzzleView {
  token: string;
  width: number;
  height: number;
  pieceWidth: number;
  /** Background with the cut-out, as a data URL. */
  background: string;
  /** The piece, as tall as the background, transparent around the piece (a data URL). */
  piece: string;
}

/** Field errors of a form: field name (or "_form") to a message already translated. */
export type FormErrors = Record<string, string>;

/** What the account actions answer a form (page or modal); a password is never sent back. */
export interface AuthActionData {
  ok: boolean;
  /** Which form of the page answered (the settings page has several). */
  intent?: string;
  errors?: FormErrors;
  /** Extra data of a refusal, e.g. a slide puzzle after failed logins. */
  data?: { puzzle?: PuzzleView; needPuzzle?: boolean };
  /** Fields echoed back so the form keeps them (never passwords or codes). */
  values?: Record<string, string>;
  codeSent?: { email: string; wait: number };
  /** Seconds before another code may be sent to the form's e-mail (said on the page without JavaScript). */
  codeWait?: number;
  registered?: { username: string };
  sent?: { email: string; wait: number };
}
