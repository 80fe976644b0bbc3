import { randomBytes } from "node:crypto";
import { z } from "zod";
import { LIMITS, PAGE_SIZE, ROLE_NAMES, type RoleCode } from "~/lib/constants";
import { User, type UserDoc } from "~/models/user.server";
import { adminRoleCodes, ownAccountChangeRefusal, requireSiteAdministrator } from "../access/policy.server";
import { DomainError } from "../errors.server";
import { redis, rkey } from "../platform/redis.server";
import { parseCsv, csvField } from "./csv.server";
import { emailField, newPasswordField, newUsernameField, withoutControlChars } from "./fields.server";
import { generatePassword, hashPassword } from "./password.server";
import { revokeUserSessions, type CurrentUser } from "./session.server";
import { createUser, emailKey, findUserByEmail, findUserByUsername } from "./users.server";
import { normalizeUsername, usernameKey } from "./username.server";
import { escapeRegex } from "~/lib/regex";

// User administration (spec sections 2, 5, 6; super admins only): the user list with search,
// editing (roles by their numeric codes, disabling, a new password), deleting a non-empty
// selection, importing a UTF-8 CSV (username and password required; email, realname, gender
// male/0 female/1 or empty, nickname, school) with a report of each row, and generating numbered
// accounts with random passwords, whose list is downloadable for an hour.

function requireSuper(actor: CurrentUser): void {
  requireSiteAdministrator(actor);
}

export const ROLE_CODES = Object.keys(ROLE_NAMES).map(Number) as RoleCode[];

// ---- The list ----

export const userListSchema = z.object({
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).catch(PAGE_SIZE.admin).default(PAGE_SIZE.admin),
  keyword: z.string().trim().max(100).catch("").default(""),
  onlyAdmin: z.preprocess((v) => v === true || v === "true" || v === "1", z.boolean()).default(false),
});

const LIST_FIELDS = "_id username nickname realname email school role status gmtCreate recentLoginTime titleName titleColor gender";
export type AdminUserRow = Pick<UserDoc, "_id" | "username" | "nickname" | "realname" | "email" | "school" | "role" | "status" | "gmtCreate" | "recentLoginTime" | "titleName" | "titleColor" | "gender">;

/** A page of users, newest first; the keyword matches username, real name, nickname or e-mail. */
export async function listUsers(actor: CurrentUser, q: z.infer<typeof userListSchema>) {
  requireSuper(actor);
  const filter: Record<string, unknown> = {};
  if (q.keyword) {
    const k = escapeRegex(q.keyword);
    filter.$or = [
      { usernameLower: { $regex: escapeRegex(usernameKey(q.keyword)) } },
      { realname: { $regex: k, $options: "i" } },
      { nickname: { $regex: k, $options: "i" } },
      { emailLower: { $regex: escapeRegex(q.keyword.toLowerCase()) } },
    ];
  }
  if (q.onlyAdmin) filter.role = { $in: adminRoleCodes() };
  const [total, records] = await Promise.all([
    User.countDocuments(filter),
    User.find(filter)
      .sort({ gmtCreate: -1, _id: 1 })
      .skip((q.currentPage - 1) * q.limit)
      .limit(q.limit)
      .select(LIST_FIELDS)
      .lean<AdminUserRow[]>(),
  ]);
  return { records, total, size: q.limit, current: q.currentPage };
}

/** HOJ's UserRolesVO of the admin list. */
export function adminUserJson(u: AdminUserRow) {
  return {
    uid: u._id,
    username: u.username,
    nickname: u.nickname,
    realname: u.realname,
    email: u.email,
    school: u.school,
    gender: u.gender,
    titleName: u.titleName,
    titleColor: u.titleColor,
    status: u.status,
    gmtCreate: u.gmtCreate,
    recentLoginTime: u.recentLoginTime ?? null,
    roles: [{ id: u.role, role: ROLE_NAMES[u.role as RoleCode] ?? "default_role" }],
  };
}

// ---- Editing ----

const optionalText = (max: number) => z.string().trim().max(max, "admin-user:fieldTooLong").refine(withoutControlChars, "admin-user:fieldTooLong").optional().default("");

export const editUserSchema = z.object({
  uid: z.string({ required_error: "admin-user:userNotFound" }).regex(/^[0-9a-f]{32}$/, "admin-user:userNotFound"),
  username: newUsernameField,
  realname: optionalText(50),
  email: z.preprocess((v) => (typeof v === "string" ? v.trim() : v ?? ""), z.union([z.literal(""), emailField])),
  /** A new password, only when setNewPwd. */
  password: z.string().optional().default(""),
  setNewPwd: z.preprocess((v) => v === true || v === "true" || v === "on" || v === "1", z.boolean()).default(false),
  /** The role's numeric code (HOJ sends `type`). */
  type: z.coerce.number({ invalid_type_error: "admin-user:roleInvalid" }).int().refine((r) => ROLE_CODES.includes(r as RoleCode), "admin-user:roleInvalid"),
  /** 0 normal, 1 disabled. */
  status: z.coerce.number({ invalid_type_error: "admin-user:statusInvalid" }).int().refine((s) => s === 0 || s === 1, "admin-user:statusInvalid"),
  titleName: optionalText(20),
  titleColor: z.string().trim().regex(/^(#[0-9a-fA-F]{3,8})?$/, "admin-user:colorInvalid").optional().default(""),
}).superRefine((v, ctx) => {
  if (!v.setNewPwd) return;
  const r = newPasswordField.safeParse(v.password);
  if (!r.success) ctx.addIssue({ code: "custom", path: ["password"], message: r.error.issues[0]?.message ?? "auth:validation.passwordLength" });
});

export type EditUserInput = z.infer<typeof editUserSchema>;

export async function loadUserForAdmin(actor: CurrentUser, uid: string): Promise<AdminUserRow> {
  requireSuper(actor);
  const u = /^[0-9a-f]{32}$/.test(uid) ? await User.findById(uid).select(LIST_FIELDS).lean<AdminUserRow>() : null;
  if (!u) throw new DomainError("notFound", "admin-user:userNotFound");
  return u;
}

/** Edits a user; a super admin may not take their own role or disable themselves. */
export async function editUser(actor: CurrentUser, input: EditUserInput): Promise<void> {
  const before = await loadUserForAdmin(actor, input.uid);
  const own = ownAccountChangeRefusal(actor, before, { role: input.type, status: input.status });
  if (own) throw own;
  const other = await findUserByUsername(input.username);
  if (other && other._id !== before._id) throw new DomainError("conflict", "admin-user:usernameTaken");
  if (input.email) {
    const byEmail = await findUserByEmail(input.email);
    if (byEmail && byEmail._id !== before._id) throw new DomainError("conflict", "admin-user:emailTaken");
  }
  const set: Record<string, unknown> = {
    username: normalizeUsername(input.username),
    usernameLower: usernameKey(input.username),
    realname: input.realname,
    email: input.email,
    emailLower: emailKey(input.email, before._id),
    role: input.type,
    status: input.status,
    titleName: input.titleName,
    titleColor: input.titleColor,
    gmtModified: new Date(),
  };
  if (input.setNewPwd) set.passwordHash = await hashPassword(input.password);
  try {
    await User.updateOne({ _id: before._id }, { $set: set });
  } catch (err) {
    if ((err as { code?: number }).code === 11000) throw new DomainError("conflict", "admin-user:usernameTaken");
    throw err;
  }
  // A disabled account or a changed password signs out everywhere.
  if (input.status === 1 || input.setNewPwd) await revokeUserSessions(before._id);
}

// ---- Deleting ----

export const deleteUsersSchema = z.object({
  ids: z.preprocess(
    (v) => (typeof v === "string" ? [v] : v ?? []),
    z.array(z.string().regex(/^[0-9a-f]{32}$/, "admin-user:userNotFound")).min(1, "admin-user:selectionEmpty").max(1000, "admin-user:selectionTooLarge"),
  ),
});

/** Deletes the selected users (never oneself); their submissions stay. Returns how many went. */
export async function deleteUsers(actor: CurrentUser, input: z.infer<typeof deleteUsersSchema>): Promise<number> {
  requireSuper(actor);
  const ids = [...new Set(input.ids)];
  if (ids.includes(actor._id)) throw new DomainError("invalid", "admin-user:notSelf");
  for (const uid of ids) await revokeUserSessions(uid);
  const res = await User.deleteMany({ _id: { $in: ids } });
  return res.deletedCount ?? 0;
}

// ---- Importing ----

export const MAX_IMPORT_ROWS = 5000;

export interface ImportRowReport {
  /** 1-based line of the CSV. */
  line: number;
  username: string;
  ok: boolean;
  /** A translation key when refused. */
  error: string | null;
}

const GENDERS: Record<string, string> = { "": "secrecy", male: "male", "0": "male", female: "female", "1": "female", secrecy: "secrecy" };

const importRowSchema = z.object({
  username: newUsernameField,
  password: newPasswordField,
  email: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.union([z.literal(""), emailField])),
  realname: optionalText(50),
  gender: z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : ""), z.string().refine((g) => g in GENDERS, "admin-user:genderInvalid")),
  nickname: optionalText(20),
  school: optionalText(100),
});

/** Rows of HOJ's insert-batch-user, or of an uploaded CSV (a header row naming "username" is skipped). */
export function rowsOfCsv(text: string): string[][] {
  const rows = parseCsv(text);
  if (rows[0] && rows[0][0]?.trim().toLowerCase() === "username") rows.shift();
  return rows;
}

/**
 * Creates a user per row (username, password, email, realname, gender, nickname, school) and reports
 * each: created, or why not (a bad field, a name or e-mail taken, twice in the file). A refused row
 * changes nothing; the others are created.
 */
export async function importUsers(actor: CurrentUser, rows: unknown[][]): Promise<ImportRowReport[]> {
  requireSuper(actor);
  if (rows.length === 0) throw new DomainError("invalid", "admin-user:importEmpty");
  if (rows.length > MAX_IMPORT_ROWS) throw new DomainError("invalid", "admin-user:importTooLarge", { max: MAX_IMPORT_ROWS });
  const reports: ImportRowReport[] = [];
  const seenNames = new Set<string>();
  const seenEmails = new Set<string>();
  for (let i = 0; i < rows.length; i++) {
    const cells = rows[i].map((c) => (c === null || c === undefined ? "" : String(c)));
    const [username = "", password = "", email = "", realname = "", gender = "", nickname = "", school = ""] = cells;
    const report: ImportRowReport = { line: i + 1, username: username.trim(), ok: false, error: null };
    reports.push(report);
    const v = importRowSchema.safeParse({ username, password, email, realname, gender, nickname, school });
    if (!v.success) {
      report.error = v.error.issues[0]?.message ?? "common:errors.badRequest";
      continue;
    }
    const d = v.data;
    const key = usernameKey(d.username);
    const emailLower = d.email.toLowerCase();
    if (seenNames.has(key)) {
      report.error = "admin-user:duplicateInFile";
      continue;
    }
    if (emailLower && seenEmails.has(emailLower)) {
      report.error = "admin-user:duplicateEmailInFile";
      continue;
    }
    seenNames.add(key);
    if (emailLower) seenEmails.add(emailLower);
    if (await findUserByUsername(d.username)) {
      report.error = "admin-user:usernameTaken";
      continue;
    }
    if (d.email && (await findUserByEmail(d.email))) {
      report.error = "admin-user:emailTaken";
      continue;
    }
    try {
      await createUser({ username: d.username, password: d.password, email: d.email, realname: d.realname, nickname: d.nickname, school: d.school, gender: GENDERS[d.gender] });
      report.ok = true;
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
      report.error = "admin-user:usernameTaken";
    }
  }
  return reports;
}

// ---- Generating ----

/** A start or end number: required (an empty field is missing, not 0), a whole number from 0. */
const numberField = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce.number({ invalid_type_error: "admin-user:numberRequired", required_error: "admin-user:numberRequired" }).int("admin-user:numberRequired").min(0, "admin-user:numberRequired"),
);

export const generateUsersSchema = z
  .object({
    prefix: z.string().trim().max(15, "admin-user:affixTooLong").optional().default(""),
    suffix: z.string().trim().max(15, "admin-user:affixTooLong").optional().default(""),
    numberFrom: numberField,
    numberTo: numberField,
    passwordLength: z.coerce
      .number({ invalid_type_error: "admin-user:passwordLength" })
      .int("admin-user:passwordLength")
      .min(LIMITS.generatedPasswordMin, "admin-user:passwordLength")
      .max(LIMITS.generatedPasswordMax, "admin-user:passwordLength"),
  })
  .superRefine((v, ctx) => {
    if (v.numberTo < v.numberFrom) ctx.addIssue({ code: "custom", path: ["numberTo"], message: "admin-user:endBeforeStart" });
    else if (v.numberTo - v.numberFrom + 1 > MAX_IMPORT_ROWS) ctx.addIssue({ code: "custom", path: ["numberTo"], message: "admin-user:tooMany" });
  });

export interface GeneratedUser {
  username: string;
  password: string;
  ok: boolean;
  error: string | null;
}

const GENERATED_TTL_S = 3600;

/**
 * Creates prefix + n + suffix for every n from start to end, each with a random password of the
 * given length; an existing name is reported and skipped. The list (with the passwords) is kept
 * for an hour under a random key for the download.
 */
export async function generateUsers(actor: CurrentUser, input: z.infer<typeof generateUsersSchema>): Promise<{ key: string; users: GeneratedUser[] }> {
  requireSuper(actor);
  const users: GeneratedUser[] = [];
  for (let n = input.numberFrom; n <= input.numberTo; n++) {
    const username = `${input.prefix}${n}${input.suffix}`;
    const name = newUsernameField.safeParse(username);
    const password = generatePassword(input.passwordLength);
    if (!name.success) {
      users.push({ username, password: "", ok: false, error: name.error.issues[0]?.message ?? "admin-user:affixTooLong" });
      continue;
    }
    if (await findUserByUsername(username)) {
      users.push({ username, password: "", ok: false, error: "admin-user:usernameTaken" });
      continue;
    }
    try {
      await createUser({ username, password });
      users.push({ username, password, ok: true, error: null });
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
      users.push({ username, password: "", ok: false, error: "admin-user:usernameTaken" });
    }
  }
  const key = randomBytes(16).toString("hex");
  const created = users.filter((u) => u.ok).map((u) => ({ username: u.username, password: u.password }));
  await redis().set(rkey("generated-users", key), JSON.stringify(created), "EX", GENERATED_TTL_S);
  return { key, users };
}

/** The kept list of a generation as CSV (username,password), or 404 once it is gone. */
export async function generatedUsersCsv(actor: CurrentUser, key: string): Promise<string> {
  requireSuper(actor);
  const raw = /^[0-9a-f]{32}$/.test(key) ? await redis().get(rkey("generated-users", key)) : null;
  if (!raw) throw new DomainError("notFound", "admin-user:downloadGone");
  const list = JSON.parse(raw) as Array<{ username: string; password: string }>;
  return ["username,password", ...list.map((u) => `${csvField(u.username)},${csvField(u.password)}`)].join("\r\n") + "\r\n";
}

/** The usernames of a selection (for the confirmation before deleting). */
export async function usernamesOf(actor: CurrentUser, ids: readonly string[]): Promise<string[]> {
  requireSuper(actor);
  const rows = await User.find({ _id: { $in: [...ids] } }).select("_id username").lean<Array<{ _id: string; username: string }>>();
  const byId = new Map(rows.map((r) => [r._id, r.username]));
  return ids.map((id) => byId.get(id) ?? id);
}
