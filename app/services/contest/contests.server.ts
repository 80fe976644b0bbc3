import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import {
  AwardType,
  ContestAuth,
  ContestStatus,
  ContestType,
  CONTEST_PAGE_SIZE,
  DEFAULT_AWARDS,
  OI_RANK_SCORE_TYPES,
  RANK_SHOW_NAMES,
  SEAL_CHOICE_SECONDS,
  SealChoice,
} from "~/lib/contest";
import { Contest, type ContestDoc } from "~/models/contest.server";
import { ContestAnnouncement, ContestAnnouncementRead } from "~/models/contest-announcement.server";
import { ContestAcCheck, ContestPrint } from "~/models/contest-print.server";
import { ContestProblem } from "~/models/contest-problem.server";
import { ContestRegister, contestRegisterKey } from "~/models/contest-register.server";
import { nextSeq } from "~/models/counter.server";
import {
  contestEntryRefusal,
  groupContentAdmin,
  groupContentRefusal,
  contestScope,
  contestStatusAt,
  isContestAdmin,
  mayCreateContest,
  type ContestAccessContext,
  type Scope,
  type Viewer,
} from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { DomainError } from "../errors.server";
import { groupAccessContext } from "../group/context.server";
import { boardSettingsChanged, dropBoard } from "./board.server";
import { escapeRegex } from "~/lib/regex";

// Contests: the form's validation (spec section 5), creating and editing, the list, registration
// with the password, the account limit rule, and the per-viewer context the access policy's
// contest scope decides on. Every function takes the contest's scope as `gid` (null: the site's
// own contests), so the group pages only add their screens.

/** The site (null) or a group that contests are listed, created and edited in. */
export type ContestOwnerScope = { gid: number | null; groupAdmin?: boolean };
export const SITE: ContestOwnerScope = { gid: null };

const bool = z.preprocess((v) => (v === "true" || v === "on" || v === "1" ? true : v === "false" || v === "0" || v === "" ? false : v), z.boolean());
const optionalBool = (d: boolean) => bool.optional().default(d);
const date = (key: string) =>
  z.preprocess(
    (v) => (typeof v === "string" || typeof v === "number" ? new Date(v) : v),
    // Missing, not a date, or a date that names no moment: the field's own message.
    z.date({ errorMap: () => ({ message: key }) }),
  );

/** Star users as a list or one string (comma, space or line separated): trimmed, blank ignored. */
const starAccounts = z.preprocess(
  (v) => (typeof v === "string" ? v.split(/[\s,，]+/) : v ?? []),
  z
    .array(z.string())
    .transform((list) => list.map((s) => s.trim()).filter((s) => s.length > 0))
    .refine((list) => new Set(list.map((s) => s.toLowerCase())).size === list.length, "contest:starDuplicate")
    .refine((list) => list.every((s) => s.length <= LIMITS.usernameMax), "contest:starInvalid"),
);

const awardConfigSchema = z.object({
  priority: z.coerce.number().int().min(1),
  name: z.string().trim().min(1, "contest:awardInvalid").max(20, "contest:awardInvalid"),
  background: z.string().trim().max(30).default(""),
  color: z.string().trim().max(30).default(""),
  num: z.coerce.number({ invalid_type_error: "contest:awardInvalid" }).int("contest:awardInvalid").min(0, "contest:awardInvalid"),
});

/** The account limit rule's parts (HOJ's tagged string). */
export interface AccountLimitRule {
  prefix: string;
  suffix: string;
  start: number | null;
  end: number | null;
  extra: string[];
}

export function parseAccountLimitRule(rule: string): AccountLimitRule {
  const part = (tag: string) => new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(rule)?.[1]?.trim() ?? "";
  const num = (s: string) => (/^\d{1,9}$/.test(s) ? Number(s) : null);
  return {
    prefix: part("prefix"),
    suffix: part("suffix"),
    start: num(part("start")),
    end: num(part("end")),
    extra: part("extra")
      .split(/[\s,，]+/)
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

export function formatAccountLimitRule(r: AccountLimitRule): string {
  return `<prefix>${r.prefix}</prefix><suffix>${r.suffix}</suffix><start>${r.start ?? ""}</start><end>${r.end ?? ""}</end><extra>${r.extra.join(",")}</extra>`;
}

/**
 * Whether a username passes the rule: prefix + a number from start to end + suffix, or one of the
 * extra names (case ignored).
 */
export function matchesAccountLimit(ruleText: string, username: string): boolean {
  const r = parseAccountLimitRule(ruleText);
  const name = username.toLowerCase();
  if (r.extra.some((e) => e.toLowerCase() === name)) return true;
  const prefix = r.prefix.toLowerCase();
  const suffix = r.suffix.toLowerCase();
  if (!name.startsWith(prefix) || !name.endsWith(suffix) || name.length <= prefix.length + suffix.length) return false;
  const middle = name.slice(prefix.length, name.length - suffix.length);
  if (!/^\d+$/.test(middle)) return false;
  const n = Number(middle);
  if (r.start !== null && n < r.start) return false;
  if (r.end !== null && n > r.end) return false;
  return r.start !== null || r.end !== null;
}

/**
 * The contest form and HOJ's admin calls (spec section 5): title, description, start and end
 * required, start before end (duration > 0), a password unless public, star users trimmed and
 * without duplicates, an account limit rule when turned on, a seal time the duration allows.
 */
export const contestInputSchema = z
  .object({
    title: z.string({ required_error: "contest:titleRequired" }).trim().min(1, "contest:titleRequired").max(255, "contest:titleTooLong"),
    description: z.string({ required_error: "contest:descriptionRequired" }).trim().min(1, "contest:descriptionRequired").max(65535),
    type: z.coerce.number().int().refine((t) => t === ContestType.ACM || t === ContestType.OI, "contest:typeInvalid"),
    auth: z.coerce
      .number()
      .int()
      .refine((a) => a === ContestAuth.PUBLIC || a === ContestAuth.PRIVATE || a === ContestAuth.PROTECTED, "contest:authInvalid"),
    pwd: z.string().trim().max(50, "contest:pwdTooLong").optional().default(""),
    startTime: date("contest:startRequired"),
    endTime: date("contest:endRequired"),
    sealRank: optionalBool(false),
    /** 0 thirty minutes before the end, 1 an hour before, 2 from the start (the form's choice). */
    sealRankTimeChoice: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().min(0).max(2).optional()),
    /** HOJ's admin client sends the moment itself. */
    sealRankTime: z.preprocess((v) => (v === "" || v === null ? undefined : v), date("contest:sealInvalid").optional()),
    autoRealRank: optionalBool(true),
    openRank: optionalBool(false),
    openPrint: optionalBool(false),
    rankShowName: z.enum(RANK_SHOW_NAMES, { errorMap: () => ({ message: "contest:rankShowNameInvalid" }) }).optional().default("username"),
    openAccountLimit: optionalBool(false),
    accountLimitRule: z.string().max(2000).optional().default(""),
    allowEndSubmit: optionalBool(false),
    starAccount: starAccounts,
    oiRankScoreType: z.enum(OI_RANK_SCORE_TYPES, { errorMap: () => ({ message: "contest:oiRankScoreTypeInvalid" }) }).optional().default("Recent"),
    awardType: z.coerce
      .number()
      .int()
      .refine((a) => a === AwardType.NONE || a === AwardType.PROPORTION || a === AwardType.NUMBER, "contest:awardInvalid")
      .optional()
      .default(AwardType.NONE),
    awardConfigList: z.array(awardConfigSchema).optional(),
    visible: optionalBool(true),
  })
  .superRefine((c, ctx) => {
    if (c.startTime.getTime() >= c.endTime.getTime()) ctx.addIssue({ code: "custom", path: ["endTime"], message: "contest:timeReversed" });
    if (c.auth !== ContestAuth.PUBLIC && !c.pwd) ctx.addIssue({ code: "custom", path: ["pwd"], message: "contest:pwdRequired" });
    if (c.openAccountLimit) {
      const r = parseAccountLimitRule(c.accountLimitRule);
      const hasRange = r.start !== null && r.end !== null;
      if (!hasRange && r.extra.length === 0) ctx.addIssue({ code: "custom", path: ["accountLimitRule"], message: "contest:accountRuleInvalid" });
      if (hasRange && (r.end as number) < (r.start as number)) ctx.addIssue({ code: "custom", path: ["accountLimitRule"], message: "contest:accountRuleInvalid" });
    }
    const duration = (c.endTime.getTime() - c.startTime.getTime()) / 1000;
    if (c.sealRank && c.sealRankTimeChoice !== undefined && duration > 0) {
      const needs = SEAL_CHOICE_SECONDS[c.sealRankTimeChoice];
      if (needs !== undefined && duration < needs) ctx.addIssue({ code: "custom", path: ["sealRankTimeChoice"], message: "contest:sealTooLong" });
    }
    if (c.sealRank && c.sealRankTime && (c.sealRankTime < c.startTime || c.sealRankTime > c.endTime)) {
      ctx.addIssue({ code: "custom", path: ["sealRankTime"], message: "contest:sealInvalid" });
    }
    if (c.awardType !== AwardType.NONE && c.awardConfigList && c.awardConfigList.length === 0) {
      ctx.addIssue({ code: "custom", path: ["awardConfigList"], message: "contest:awardInvalid" });
    }
    if (c.awardType === AwardType.PROPORTION && c.awardConfigList && c.awardConfigList.reduce((s, a) => s + a.num, 0) > 100) {
      ctx.addIssue({ code: "custom", path: ["awardConfigList"], message: "contest:awardInvalid" });
    }
  });

export type ContestInput = z.infer<typeof contestInputSchema>;

/** The seal choice a contest form starts from (spec section 4): an hour for ACM of an hour or more, else from the start. */
export function defaultSealChoice(type: number, durationSeconds: number): number {
  return type === ContestType.ACM && durationSeconds >= 3600 ? SealChoice.ONE_HOUR : SealChoice.FROM_START;
}

/** The moment the board freezes for a choice. */
export function sealTimeOf(choice: number, startTime: Date, endTime: Date): Date {
  if (choice === SealChoice.FROM_START) return new Date(startTime);
  return new Date(endTime.getTime() - (SEAL_CHOICE_SECONDS[choice] ?? 0) * 1000);
}

function storedFields(input: ContestInput) {
  const duration = Math.round((input.endTime.getTime() - input.startTime.getTime()) / 1000);
  let sealRankTime: Date | null = null;
  if (input.sealRank) {
    sealRankTime =
      input.sealRankTimeChoice !== undefined
        ? sealTimeOf(input.sealRankTimeChoice, input.startTime, input.endTime)
        : (input.sealRankTime ?? sealTimeOf(defaultSealChoice(input.type, duration), input.startTime, input.endTime));
  }
  const awardConfig =
    input.awardType === AwardType.NONE
      ? []
      : (input.awardConfigList ?? DEFAULT_AWARDS.map((a) => ({ ...a }))).slice().sort((a, b) => a.priority - b.priority);
  return {
    title: input.title,
    description: input.description,
    auth: input.auth,
    pwd: input.auth === ContestAuth.PUBLIC ? "" : input.pwd,
    startTime: input.startTime,
    endTime: input.endTime,
    duration,
    sealRank: input.sealRank,
    sealRankTime,
    autoRealRank: input.autoRealRank,
    openRank: input.openRank,
    openPrint: input.openPrint,
    rankShowName: input.rankShowName,
    openAccountLimit: input.openAccountLimit,
    accountLimitRule: input.openAccountLimit ? input.accountLimitRule : "",
    allowEndSubmit: input.allowEndSubmit,
    starAccount: input.starAccount,
    oiRankScoreType: input.oiRankScoreType,
    awardType: input.awardType,
    awardConfig,
    visible: input.visible,
  };
}

/** The contest, or 404 (a contest of another scope is not found either). */
export async function loadContest(cid: number, scope?: ContestOwnerScope): Promise<ContestDoc> {
  const c = await Contest.findById(cid).lean<ContestDoc>();
  if (!c || (scope && (c.gid ?? null) !== scope.gid)) throw new DomainError("notFound", "contest:notFound");
  return c;
}

/** Refuses anyone but the contest's admins. */
export function requireContestAdmin(viewer: Viewer, contest: ContestDoc, scope: ContestOwnerScope = SITE): void {
  if (!viewer) throw new DomainError("unauthenticated", "common:errors.pleaseLoginFirst");
  if (!isContestAdmin(viewer, contest, scope.groupAdmin ?? false)) throw new DomainError("forbidden", "contest:notAdmin");
}

function requireCreator(user: CurrentUser, scope: ContestOwnerScope): void {
  if (!mayCreateContest(user, scope)) throw new DomainError("forbidden", "contest:notAdmin");
}

export async function createContest(user: CurrentUser, input: ContestInput, scope: ContestOwnerScope = SITE): Promise<ContestDoc> {
  requireCreator(user, scope);
  const now = new Date();
  const doc = await Contest.create({
    _id: await nextSeq("contest"),
    ...storedFields(input),
    type: input.type,
    uid: user._id,
    author: user.username,
    gid: scope.gid,
    source: 0,
    gmtCreate: now,
    gmtModified: now,
  });
  return doc.toObject();
}

/** Edits a contest; its rule type stays what it was created with. */
export async function updateContest(user: CurrentUser, cid: number, input: ContestInput, scope: ContestOwnerScope = SITE): Promise<ContestDoc> {
  const before = await loadContest(cid, scope);
  requireContestAdmin(user, before, scope);
  if (input.type !== before.type) throw new DomainError("invalid", "contest:typeFixed");
  const fields = storedFields(input);
  await Contest.updateOne({ _id: cid }, { $set: { ...fields, gmtModified: new Date() } });
  const after = await loadContest(cid);
  await boardSettingsChanged(before, after);
  return after;
}

export async function setContestVisible(user: CurrentUser, cid: number, visible: boolean, scope: ContestOwnerScope = SITE): Promise<void> {
  const c = await loadContest(cid, scope);
  requireContestAdmin(user, c, scope);
  await Contest.updateOne({ _id: cid }, { $set: { visible, gmtModified: new Date() } });
}

/** Deletes a contest with its problems, registrations, announcements, prints and board. */
export async function deleteContest(user: CurrentUser, cid: number, scope: ContestOwnerScope = SITE): Promise<void> {
  const c = await loadContest(cid, scope);
  requireContestAdmin(user, c, scope);
  await Contest.deleteOne({ _id: cid });
  await Promise.all([
    ContestProblem.deleteMany({ cid }),
    ContestRegister.deleteMany({ cid }),
    ContestAnnouncement.deleteMany({ cid }),
    ContestAnnouncementRead.deleteMany({ cid }),
    ContestPrint.deleteMany({ cid }),
    ContestAcCheck.deleteMany({ cid }),
  ]);
  await dropBoard(cid);
}

// ---- The list ----

export const contestListSchema = z.object({
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).catch(CONTEST_PAGE_SIZE.list).default(CONTEST_PAGE_SIZE.list),
  keyword: z.string().trim().max(100).catch("").default(""),
  type: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().min(0).max(1).optional().catch(undefined)),
  status: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().min(-1).max(1).optional().catch(undefined)),
});

export type ContestListQuery = z.infer<typeof contestListSchema>;

/** The time condition of a status, at `now`. */
function statusFilter(status: number | undefined, now: Date): Record<string, unknown> {
  if (status === ContestStatus.SCHEDULED) return { startTime: { $gt: now } };
  if (status === ContestStatus.RUNNING) return { startTime: { $lte: now }, endTime: { $gt: now } };
  if (status === ContestStatus.ENDED) return { endTime: { $lte: now } };
  return {};
}

/**
 * A page of the contest list (spec section 2: rule, status, keyword; 10 a page): visible contests
 * of the scope; admins of the scope see hidden ones too when `includeHidden`.
 */
export async function listContests(query: ContestListQuery, scope: ContestOwnerScope = SITE, includeHidden = false) {
  const now = new Date();
  const filter: Record<string, unknown> = { gid: scope.gid, ...statusFilter(query.status, now) };
  if (!includeHidden) filter.visible = true;
  if (query.type !== undefined) filter.type = query.type;
  if (query.keyword) filter.title = { $regex: escapeRegex(query.keyword), $options: "i" };
  const [total, docs] = await Promise.all([
    Contest.countDocuments(filter),
    Contest.find(filter)
      .sort({ startTime: -1, _id: -1 })
      .skip((query.currentPage - 1) * query.limit)
      .limit(query.limit)
      .lean<ContestDoc[]>(),
  ]);
  const counts = await registerCounts(docs.filter((d) => d.auth !== ContestAuth.PUBLIC).map((d) => d._id));
  return { total, current: query.currentPage, size: query.limit, records: docs, counts, now };
}

/** Registrations per contest (the list's participant count of non-public contests), one query. */
export async function registerCounts(cids: number[]): Promise<Map<number, number>> {
  if (cids.length === 0) return new Map();
  const rows = await ContestRegister.aggregate<{ _id: number; n: number }>([{ $match: { cid: { $in: cids } } }, { $group: { _id: "$cid", n: { $sum: 1 } } }]);
  return new Map(rows.map((r) => [r._id, r.n]));
}

// ---- One viewer in one contest ----

/**
 * Everything the policy's contest scope decides on, for one viewer now: registration, the account
 * limit rule, the contest's problems.
 */
export async function contestContext(contest: ContestDoc, viewer: CurrentUser | null, scope: ContestOwnerScope = SITE): Promise<ContestAccessContext> {
  const gid = contest.gid ?? null;
  const [registered, pids, group] = await Promise.all([
    viewer ? ContestRegister.exists({ _id: contestRegisterKey(contest._id, viewer._id) }).then(Boolean) : Promise.resolve(false),
    ContestProblem.find({ cid: contest._id }).select("pid").lean<Array<{ pid: number }>>(),
    gid === null ? Promise.resolve(null) : groupAccessContext(gid, viewer),
  ]);
  if (gid !== null && !group) throw new DomainError("notFound", "contest:notFound");
  return {
    contest: { ...contest, gid: contest.gid ?? null, sealRankTime: contest.sealRankTime ?? null },
    now: new Date(),
    registered,
    accountAllowed: !contest.openAccountLimit || (!!viewer && matchesAccountLimit(contest.accountLimitRule, viewer.username)),
    groupAdmin: (scope.groupAdmin ?? false) || groupContentAdmin(viewer, group),
    problemPids: new Set(pids.map((p) => p.pid)),
    group,
  };
}

/** The contest scope of the policy for a viewer, with its context. */
export async function contestScopeFor(cid: number, viewer: CurrentUser | null, scope: ContestOwnerScope = SITE): Promise<{ contest: ContestDoc; ctx: ContestAccessContext; scope: Scope }> {
  const contest = await loadContest(cid);
  const ctx = await contestContext(contest, viewer, scope);
  return { contest, ctx, scope: contestScope(ctx) };
}

/** Refuses a viewer who may not look inside the contest. */
export function requireEntry(viewer: Viewer, ctx: ContestAccessContext): void {
  const refusal = contestEntryRefusal(viewer, ctx);
  if (refusal) throw refusal;
}

/**
 * A contest the viewer may look inside, with its scope: the refusal of the contest scope otherwise
 * (login first, not found, not started, register first).
 */
export async function enterContest(cid: number, viewer: CurrentUser | null, scope: ContestOwnerScope = SITE): Promise<{ contest: ContestDoc; ctx: ContestAccessContext; scope: Scope }> {
  const found = await contestScopeFor(cid, viewer, scope);
  requireEntry(viewer, found.ctx);
  return found;
}

/** A group contest refuses those outside its group (before its password is even tried). */
async function refuseGroupOutsider(contest: ContestDoc, user: CurrentUser): Promise<void> {
  if (contest.gid === null || contest.gid === undefined) return;
  const group = await groupAccessContext(contest.gid, user);
  const refusal = group ? groupContentRefusal(user, group) : new DomainError("notFound", "contest:notFound");
  if (refusal) throw refusal;
}

/** HOJ's get-contest-access: whether the viewer has registered. */
export async function contestAccess(user: CurrentUser, cid: number): Promise<{ access: boolean }> {
  const contest = await loadContest(cid);
  await refuseGroupOutsider(contest, user);
  if (contest.auth === ContestAuth.PUBLIC) return { access: true };
  if (isContestAdmin(user, contest)) return { access: true };
  return { access: !!(await ContestRegister.exists({ _id: contestRegisterKey(cid, user._id) })) };
}

export const registerContestSchema = z.object({
  cid: z.coerce.number({ invalid_type_error: "contest:notFound" }).int("contest:notFound").positive("contest:notFound"),
  password: z.string({ required_error: "contest:pwdEmpty", invalid_type_error: "contest:pwdEmpty" }).trim().min(1, "contest:pwdEmpty").max(100, "contest:pwdWrong"),
});

/** Registers with the password (private and protected contests); "Register contest successfully". */
export async function registerContest(user: CurrentUser, input: z.infer<typeof registerContestSchema>): Promise<void> {
  const contest = await loadContest(input.cid);
  await refuseGroupOutsider(contest, user);
  if (!contest.visible && !isContestAdmin(user, contest)) throw new DomainError("notFound", "contest:notFound");
  if (contest.auth === ContestAuth.PUBLIC) throw new DomainError("invalid", "contest:publicNoRegister");
  if (contest.openAccountLimit && !matchesAccountLimit(contest.accountLimitRule, user.username)) throw new DomainError("forbidden", "contest:accountLimited");
  if (contest.pwd !== input.password) throw new DomainError("invalid", "contest:pwdWrong");
  try {
    await ContestRegister.create({ _id: contestRegisterKey(contest._id, user._id), cid: contest._id, uid: user._id, username: user.username });
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    throw new DomainError("conflict", "contest:alreadyRegistered");
  }
}

/** -1 scheduled, 0 running, 1 ended, now. */
export function contestStatus(c: Pick<ContestDoc, "startTime" | "endTime">, now = new Date()): -1 | 0 | 1 {
  return contestStatusAt(c, now);
}
