import { z } from "zod";
import { consumeFor, refund, type RateRule } from "../platform/rate-limit.server";
import { IcpcEvent, IcpcFeedHead, IcpcObject } from "~/models/icpc-feed.server";
import { LIMITS } from "~/lib/constants";
import {
  AwardType,
  ContestAuth,
  ContestStatus,
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
import { boardSealedAt, contestHasAccess, contestOutsiderRefusal, contestRegisterRefusal, contestStatusAt, mayCreateContest } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { DomainError } from "../errors.server";
import { boardSettingsChanged, dropBoard } from "./board.server";
import { parseAccountLimitRule } from "./account-limit.server";
import { isRuleType, ruleOf } from "./rules/index.server";
import { loadContest, requireContestAdmin, type ContestPlace, type ContestScope } from "./scope.server";
import { escapeRegex } from "~/lib/regex";

// Contests: the form's validation (spec section 5), creating and editing, the list, registration
// with the password, the account limit rule, and the per-viewer context the access policy's
// contest scope decides on. Every function takes the contest's scope as `gid` (null: the site's
// own contests), so the group pages only add their screens.


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

/**
 * The contest form and HOJ's admin calls (spec section 5): title, description, start and end
 * required, start before end (duration > 0), a password unless public, star users trimmed and
 * without duplicates, an account limit rule when turned on, a seal time the duration allows.
 */
export const contestInputSchema = z
  .object({
    title: z.string({ required_error: "contest:titleRequired" }).trim().min(1, "contest:titleRequired").max(255, "contest:titleTooLong"),
    description: z.string({ required_error: "contest:descriptionRequired" }).trim().min(1, "contest:descriptionRequired").max(65535),
    type: z.coerce.number().int().refine(isRuleType, "contest:typeInvalid"),
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

/** The seal choice a contest form starts from (spec section 4): the rule's, for the contest's length. */
export function defaultSealChoice(type: number, durationSeconds: number): number {
  return ruleOf(type).defaultSealChoice(durationSeconds);
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

/** Who may create contests in a place: the policy's answer. */
function requireCreator(user: CurrentUser, place: ContestPlace): void {
  if (!mayCreateContest(user, place)) throw new DomainError("forbidden", "contest:notAdmin");
}

export async function createContest(user: CurrentUser, input: ContestInput, place: ContestPlace): Promise<ContestDoc> {
  requireCreator(user, place);
  const now = new Date();
  const doc = await Contest.create({
    _id: await nextSeq("contest"),
    ...storedFields(input),
    type: input.type,
    uid: user._id,
    author: user.username,
    gid: place.gid,
    source: 0,
    gmtCreate: now,
    gmtModified: now,
  });
  return doc.toObject();
}

/** Edits a contest (its admins); its rule type stays what it was created with. */
export async function updateContest(cs: ContestScope, input: ContestInput): Promise<ContestDoc> {
  requireContestAdmin(cs);
  const before = cs.contest;
  // HOJ's client sends back the type it was shown (a rule of ours shows as ACM or OI there).
  if (input.type !== before.type && input.type !== ruleOf(before.type).hojType) throw new DomainError("invalid", "contest:typeFixed");
  const fields = storedFields({ ...input, type: before.type });
  const now = new Date();
  // Turning sealing off while the board is sealed lifts the seal: kept as the moment it thawed.
  const thaw = !fields.sealRank && boardSealedAt(before, now) ? { thawedAt: now, thawedSealTime: before.sealRankTime } : fields.sealRank ? { thawedAt: null, thawedSealTime: null } : {};
  await Contest.updateOne({ _id: before._id }, { $set: { ...fields, ...thaw, gmtModified: now } });
  const after = await loadContest(before._id, null);
  await boardSettingsChanged(before, after);
  return after;
}

export async function setContestVisible(cs: ContestScope, visible: boolean): Promise<void> {
  requireContestAdmin(cs);
  await Contest.updateOne({ _id: cs.contest._id }, { $set: { visible, gmtModified: new Date() } });
}

/** Deletes a contest (its admins) with its problems, registrations, announcements, prints and board. */
export async function deleteContest(cs: ContestScope): Promise<void> {
  requireContestAdmin(cs);
  const cid = cs.contest._id;
  await Contest.deleteOne({ _id: cid });
  await Promise.all([
    ContestProblem.deleteMany({ cid }),
    ContestRegister.deleteMany({ cid }),
    ContestAnnouncement.deleteMany({ cid }),
    ContestAnnouncementRead.deleteMany({ cid }),
    ContestPrint.deleteMany({ cid }),
    ContestAcCheck.deleteMany({ cid }),
    // Its Contest API feeds (app/services/icpc/feed.server.ts).
    IcpcEvent.deleteMany({ cid }),
    IcpcObject.deleteMany({ cid }),
    IcpcFeedHead.deleteMany({ _id: { $in: [`${cid}:admin`, `${cid}:public`] } }),
  ]);
  await dropBoard(cid);
}

// ---- The list ----

export const contestListSchema = z.object({
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).catch(CONTEST_PAGE_SIZE.list).default(CONTEST_PAGE_SIZE.list),
  keyword: z.string().trim().max(100).catch("").default(""),
  type: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().refine(isRuleType).optional().catch(undefined)),
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
export async function listContests(query: ContestListQuery, place: ContestPlace, includeHidden: boolean) {
  const now = new Date();
  const filter: Record<string, unknown> = { gid: place.gid, ...statusFilter(query.status, now) };
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

/** HOJ's get-contest-access: whether the viewer has access (registered, or needs none). */
export function contestAccess(cs: ContestScope): { access: boolean } {
  const refusal = contestOutsiderRefusal(cs.viewer, cs.ctx);
  if (refusal) throw refusal;
  return { access: contestHasAccess(cs.viewer, cs.ctx) };
}

export const registerContestSchema = z.object({
  cid: z.coerce.number({ invalid_type_error: "contest:notFound" }).int("contest:notFound").positive("contest:notFound"),
  password: z.string({ required_error: "contest:pwdEmpty", invalid_type_error: "contest:pwdEmpty" }).trim().min(1, "contest:pwdEmpty").max(100, "contest:pwdWrong"),
});

/** Registers with the password (private and protected contests); "Register contest successfully". */
export async function registerContest(cs: ContestScope, input: z.infer<typeof registerContestSchema>, ip: string): Promise<void> {
  const refusal = contestRegisterRefusal(cs.viewer, cs.ctx);
  if (refusal) throw refusal;
  const user = cs.viewer as CurrentUser;
  const contest = cs.contest;
  // Every try counts against the user and the address until it proves right, so guessing stops at
  // the limit (429, the right password too, until the window passes).
  const tries: Array<[RateRule, string]> = [["placePasswordUser", user._id], ["placePasswordIp", ip]];
  await consumeFor("contest:pwdTooMany", ...tries);
  if (contest.pwd !== input.password) throw new DomainError("invalid", "contest:pwdWrong");
  await refund(...tries);
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
