import { z } from "zod";
import { consumeFor, refund, type RateRule } from "../platform/rate-limit.server";
import { JudgeStatus, PAGE_SIZE } from "~/lib/constants";
import { TRAINING_RANK_DEFAULT, TRAINING_RANK_MAX } from "~/lib/training";
import { nextSeq } from "~/models/counter.server";
import { Training, type TrainingDoc } from "~/models/training.server";
import { TrainingCategory, type TrainingCategoryDoc } from "~/models/training-category.server";
import { categoryJson } from "./categories.server";
import { TrainingProblem } from "~/models/training-problem.server";
import { TrainingRank } from "~/models/training-rank.server";
import { TrainingRegister, trainingUserKey } from "~/models/training-register.server";
import { Submission } from "~/models/submission.server";
import { User } from "~/models/user.server";
import { mayCreateTraining, TRAINING_PRIVATE, TRAINING_PUBLIC, trainingRegisterRefusal } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { DomainError } from "../errors.server";
import { rebuildTrainingRank, updateTrainingRow } from "./rank.server";
import { homeworkOf, LATE_PERIOD_HOURS, LATE_RULES } from "~/lib/homework";
import { loadTraining, requireTrainingAdmin, type TrainingPlace, type TrainingScope } from "./scope.server";
import { escapeRegex } from "~/lib/regex";

// Trainings (spec sections 2, 3, 5, 6): the form's validation, creating and editing, the list with
// its filters, registration with the password, and the per-viewer context the access policy's
// training scope decides on. Every function takes the place (the site or a group) or the training
// resolved for the request (`TrainingScope`, scope.server.ts).

const bool = z.preprocess((v) => (v === "true" || v === "on" || v === "1" || v === true ? true : v === "false" || v === "0" || v === "" || v === false ? false : v), z.boolean());

/** The training form and HOJ's admin calls: rank, title, description, category required; a password when private. */
export const trainingInputSchema = z
  .object({
    title: z.string({ required_error: "training:titleRequired" }).trim().min(1, "training:titleRequired").max(255, "training:titleTooLong"),
    description: z.string({ required_error: "training:descriptionRequired" }).trim().min(1, "training:descriptionRequired").max(65535, "training:descriptionTooLong"),
    rank: z.preprocess(
      (v) => (v === "" || v === null || v === undefined ? TRAINING_RANK_DEFAULT : v),
      z.coerce.number({ invalid_type_error: "training:rankInvalid" }).int("training:rankInvalid").min(0, "training:rankInvalid").max(TRAINING_RANK_MAX, "training:rankInvalid"),
    ),
    auth: z.enum([TRAINING_PUBLIC, TRAINING_PRIVATE], { errorMap: () => ({ message: "training:authInvalid" }) }),
    privatePwd: z.string().trim().max(50, "training:pwdTooLong").optional().default(""),
    categoryId: z.coerce.number({ invalid_type_error: "training:categoryRequired", required_error: "training:categoryRequired" }).int("training:categoryRequired").positive("training:categoryRequired"),
    status: bool.optional().default(true),
    // Homework (app/lib/homework.ts). Absent: left as they are (HOJ's calls do not know them);
    // a due time of "" or null: no due time. Times are ISO moments (the form's edge converts).
    dueAt: moment("training:homework.dueInvalid"),
    hardEndAt: moment("training:homework.hardEndInvalid"),
    lateRule: z.enum(LATE_RULES, { errorMap: () => ({ message: "training:homework.ruleInvalid" }) }).optional(),
    latePenaltyPercent: percent(1, 100, "training:homework.penaltyInvalid"),
    latePeriodHours: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z.coerce
        .number({ invalid_type_error: "training:homework.periodInvalid" })
        .refine((n) => (LATE_PERIOD_HOURS as readonly number[]).includes(n), "training:homework.periodInvalid")
        .optional(),
    ),
    lateFloorPercent: percent(0, 100, "training:homework.floorInvalid"),
  })
  .superRefine((t, ctx) => {
    if (t.auth === TRAINING_PRIVATE && !t.privatePwd) ctx.addIssue({ code: "custom", path: ["privatePwd"], message: "training:pwdRequired" });
    if (t.hardEndAt && !t.dueAt) ctx.addIssue({ code: "custom", path: ["hardEndAt"], message: "training:homework.hardEndNeedsDue" });
    else if (t.hardEndAt && t.dueAt && t.hardEndAt.getTime() <= t.dueAt.getTime())
      ctx.addIssue({ code: "custom", path: ["hardEndAt"], message: "training:homework.hardEndBeforeDue" });
  });

/** An optional moment: undefined when absent, null when cleared, else a real date. */
function moment(message: string) {
  return z.preprocess(
    (v) => {
      if (v === undefined) return undefined;
      if (v === "" || v === null) return null;
      if (v instanceof Date || (typeof v !== "string" && typeof v !== "number")) return v;
      const d = new Date(v);
      // Text that names no moment stays text, which the schema refuses with its message.
      return Number.isNaN(d.getTime()) ? String(v) : d;
    },
    z
      .date({ invalid_type_error: message })
      .refine((d) => !Number.isNaN(d.getTime()) && d.getFullYear() >= 2000 && d.getFullYear() <= 9999, message)
      .nullable()
      .optional(),
  );
}

/** An optional whole percentage between `min` and `max`. */
function percent(min: number, max: number, message: string) {
  return z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number({ invalid_type_error: message }).int(message).min(min, message).max(max, message).optional(),
  );
}

export type TrainingInput = z.infer<typeof trainingInputSchema>;

/** HOJ's admin body: {training: {...}, trainingCategory: {id}} as one flat input. */
export function trainingInputFromHoj(body: Record<string, unknown>): Record<string, unknown> {
  const training = (body.training && typeof body.training === "object" ? body.training : body) as Record<string, unknown>;
  const category = (body.trainingCategory && typeof body.trainingCategory === "object" ? body.trainingCategory : {}) as Record<string, unknown>;
  return { ...training, categoryId: category.id ?? training.categoryId };
}

/** A category of the scope; a group's trainings also take the site's (HOJ). */
async function requireCategory(id: number, scope: TrainingPlace): Promise<void> {
  const c = await TrainingCategory.findById(id).select("gid").lean<{ gid: number | null }>();
  const gid = c ? (c.gid ?? null) : undefined;
  if (gid === undefined || (gid !== scope.gid && gid !== null)) throw new DomainError("invalid", "training:categoryRequired");
}

/** The homework fields an input sets (none when it names no due time: HOJ's calls keep them). */
function homeworkFields(input: TrainingInput) {
  if (input.dueAt === undefined) return {};
  if (input.dueAt === null) return { dueAt: null, hardEndAt: null };
  return {
    dueAt: input.dueAt,
    hardEndAt: input.hardEndAt ?? null,
    lateRule: input.lateRule ?? "none",
    ...(input.latePenaltyPercent !== undefined ? { latePenaltyPercent: input.latePenaltyPercent } : {}),
    ...(input.latePeriodHours !== undefined ? { latePeriodHours: input.latePeriodHours } : {}),
    ...(input.lateFloorPercent !== undefined ? { lateFloorPercent: input.lateFloorPercent } : {}),
  };
}

function storedFields(input: TrainingInput) {
  return {
    ...homeworkFields(input),
    title: input.title,
    description: input.description,
    rank: input.rank,
    auth: input.auth,
    privatePwd: input.auth === TRAINING_PRIVATE ? input.privatePwd : "",
    categoryId: input.categoryId,
    status: input.status,
  };
}

export async function createTraining(user: CurrentUser, input: TrainingInput, scope: TrainingPlace): Promise<TrainingDoc> {
  if (!mayCreateTraining(user, scope)) throw new DomainError("forbidden", "training:notAdmin");
  await requireCategory(input.categoryId, scope);
  const now = new Date();
  const doc = await Training.create({
    _id: await nextSeq("training"),
    ...storedFields(input),
    gid: scope.gid,
    uid: user._id,
    author: user.username,
    problemCount: 0,
    gmtCreate: now,
    gmtModified: now,
  });
  return doc.toObject();
}

export async function updateTraining(ts: TrainingScope, input: TrainingInput): Promise<TrainingDoc> {
  requireTrainingAdmin(ts);
  const tid = ts.training._id;
  await requireCategory(input.categoryId, { gid: ts.training.gid ?? null });
  await Training.updateOne({ _id: tid }, { $set: { ...storedFields(input), gmtModified: new Date() } });
  const updated = await loadTraining(tid, null);
  // A changed homework rule changes what every kept row earns.
  if (JSON.stringify(homeworkOf(ts.training)) !== JSON.stringify(homeworkOf(updated))) await rebuildTrainingRank(tid);
  return updated;
}

/** Shows or hides a training (HOJ's change-training-status). */
export async function setTrainingStatus(ts: TrainingScope, status: boolean): Promise<void> {
  requireTrainingAdmin(ts);
  await Training.updateOne({ _id: ts.training._id }, { $set: { status, gmtModified: new Date() } });
}

/** Deletes a training with its problems, registrations and rank rows (submissions stay). */
export async function deleteTraining(ts: TrainingScope): Promise<void> {
  requireTrainingAdmin(ts);
  const tid = ts.training._id;
  await Training.deleteOne({ _id: tid });
  await Promise.all([TrainingProblem.deleteMany({ tid }), TrainingRegister.deleteMany({ tid }), TrainingRank.deleteMany({ tid })]);
}

// ---- The list ----

const optionalNumber = z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().positive().optional().catch(undefined));

export const trainingListSchema = z.object({
  currentPage: z.coerce.number().int().min(1).catch(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).catch(PAGE_SIZE.trainings).default(PAGE_SIZE.trainings),
  keyword: z.string().trim().max(100).catch("").default(""),
  categoryId: optionalNumber,
  auth: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum([TRAINING_PUBLIC, TRAINING_PRIVATE]).optional().catch(undefined)),
});

export type TrainingListQuery = z.infer<typeof trainingListSchema>;

export interface TrainingListRow {
  training: TrainingDoc;
  category: TrainingCategoryDoc | null;
  /** Problems of the training the viewer has solved (null for a visitor). */
  acCount: number | null;
}

/**
 * A page of the training list (spec section 2: keyword, auth and category filters; 15 a page), by
 * number then id: shown trainings of the scope, hidden ones too for its admins (`includeHidden`).
 * The viewer's solved count comes from their kept solved list (and, in a group, what they solved
 * in the group, which that list leaves out).
 */
export async function listTrainings(query: TrainingListQuery, viewer: CurrentUser | null, scope: TrainingPlace, includeHidden: boolean) {
  const filter: Record<string, unknown> = { gid: scope.gid };
  if (!includeHidden) filter.status = true;
  if (query.categoryId !== undefined) filter.categoryId = query.categoryId;
  if (query.auth) filter.auth = query.auth;
  if (query.keyword) {
    const k = escapeRegex(query.keyword);
    const or: Record<string, unknown>[] = [{ title: { $regex: k, $options: "i" } }];
    if (/^\d{1,9}$/.test(query.keyword)) or.push({ _id: Number(query.keyword) });
    filter.$or = or;
  }
  const [total, docs] = await Promise.all([
    Training.countDocuments(filter),
    Training.find(filter)
      .sort({ rank: 1, _id: 1 })
      .skip((query.currentPage - 1) * query.limit)
      .limit(query.limit)
      .lean<TrainingDoc[]>(),
  ]);
  const categoryIds = [...new Set(docs.map((d) => d.categoryId).filter((c): c is number => c !== null && c !== undefined))];
  const tids = docs.map((d) => d._id);
  const [categories, problems, solved] = await Promise.all([
    categoryIds.length ? TrainingCategory.find({ _id: { $in: categoryIds } }).lean<TrainingCategoryDoc[]>() : Promise.resolve([]),
    viewer && tids.length ? TrainingProblem.find({ tid: { $in: tids } }).select("tid pid").lean<Array<{ tid: number; pid: number }>>() : Promise.resolve([]),
    viewer ? solvedSet(viewer._id, scope.gid, tids) : Promise.resolve(null),
  ]);
  const byId = new Map(categories.map((c) => [c._id, c]));
  const acByTid = new Map<number, number>();
  if (solved) for (const p of problems) if (solved.has(p.pid)) acByTid.set(p.tid, (acByTid.get(p.tid) ?? 0) + 1);
  const records: TrainingListRow[] = docs.map((d) => ({
    training: d,
    category: d.categoryId ? (byId.get(d.categoryId) ?? null) : null,
    acCount: viewer ? (acByTid.get(d._id) ?? 0) : null,
  }));
  return { total, current: query.currentPage, size: query.limit, records };
}

/**
 * What the user solved, for a training's progress: their kept solved list (updated when a verdict
 * is applied); in a group, with the problems they solved in the group (its problems and
 * trainings), which the solved list leaves out.
 */
async function solvedSet(uid: string, gid: number | null, tids: readonly number[]): Promise<Set<number>> {
  const [u, inGroup] = await Promise.all([
    User.findById(uid).select("solvedPids").lean<{ solvedPids?: number[] }>(),
    gid === null
      ? Promise.resolve([] as number[])
      : (Submission.distinct("pid", { uid, status: JudgeStatus.ACCEPTED, cid: 0, $or: [{ gid }, { tid: { $in: [...tids] } }] }) as Promise<number[]>),
  ]);
  return new Set([...(u?.solvedPids ?? []), ...inGroup]);
}

/** Problems of the training the user has solved (the detail's progress). */
export async function trainingProgress(uid: string, training: Pick<TrainingDoc, "_id" | "gid">, problemPids: ReadonlySet<number>): Promise<number> {
  if (problemPids.size === 0) return 0;
  const solved = await solvedSet(uid, training.gid ?? null, [training._id]);
  let n = 0;
  for (const pid of problemPids) if (solved.has(pid)) n++;
  return n;
}

/**
 * A training as a viewer may read its detail: hidden ones only for its admins, a group's only for
 * its members. The detail is readable before registering (the password form is on it).
 */
export async function trainingDetail(ts: TrainingScope) {
  if (ts.standing.detailRefusal) throw ts.standing.detailRefusal;
  const { training, ctx, viewer } = ts;
  const category = training.categoryId ? await TrainingCategory.findById(training.categoryId).lean<TrainingCategoryDoc>() : null;
  const canEnter = !ts.standing.entryRefusal;
  const acCount = viewer && canEnter ? await trainingProgress(viewer._id, training, ctx.problemPids) : 0;
  return { training, category, ctx, admin: ts.standing.admin, canEnter, acCount, problemCount: ctx.problemPids.size };
}

/** HOJ's get-training-access: whether the viewer may enter (registered, public, or an admin). */
export function trainingAccess(ts: TrainingScope): { access: boolean } {
  if (ts.standing.detailRefusal) throw ts.standing.detailRefusal;
  return { access: !ts.standing.entryRefusal };
}

export const registerTrainingSchema = z.object({
  tid: z.coerce.number({ invalid_type_error: "training:notFound" }).int("training:notFound").positive("training:notFound"),
  password: z
    .string({ required_error: "training:pwdEmpty", invalid_type_error: "training:pwdEmpty" })
    .trim()
    .min(1, "training:pwdEmpty")
    .max(100, "training:pwdWrong"),
});

/**
 * Registers with the password (private trainings); "Register training successfully". Earlier
 * submissions to the training's problems then count in its rank.
 */
export async function registerTraining(ts: TrainingScope, input: z.infer<typeof registerTrainingSchema>, ip: string): Promise<void> {
  // A group training refuses those outside its group before its password is even tried.
  const refusal = trainingRegisterRefusal(ts.viewer, ts.ctx);
  if (refusal) throw refusal;
  const user = ts.viewer as CurrentUser;
  const training = ts.training;
  // Every try counts against the user and the address until it proves right (as a contest's).
  const tries: Array<[RateRule, string]> = [["placePasswordUser", user._id], ["placePasswordIp", ip]];
  await consumeFor("training:pwdTooMany", ...tries);
  if (training.privatePwd !== input.password) throw new DomainError("invalid", "training:pwdWrong");
  await refund(...tries);
  try {
    await TrainingRegister.create({ _id: trainingUserKey(training._id, user._id), tid: training._id, uid: user._id, username: user.username });
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    throw new DomainError("conflict", "training:alreadyRegistered");
  }
  // What they solved before registering enters the training's rank (HOJ).
  await updateTrainingRow(training._id, user._id);
}

/** HOJ's TrainingVO. */
export function trainingJson(t: TrainingDoc, category: Pick<TrainingCategoryDoc, "name" | "color"> | null, acCount: number | null, problemCount = t.problemCount ?? 0) {
  return {
    id: t._id,
    title: t.title,
    description: t.description,
    author: t.author,
    auth: t.auth,
    categoryName: category?.name ?? null,
    categoryColor: category?.color ?? null,
    rank: t.rank,
    problemCount,
    acCount: acCount ?? 0,
    gid: t.gid ?? null,
    gmtModified: t.gmtModified,
    ...homeworkJson(t),
  };
}

/** Beside HOJ's fields: the training's homework rule (null due time: none). */
export function homeworkJson(t: TrainingDoc) {
  return {
    dueAt: t.dueAt ?? null,
    hardEndAt: t.dueAt ? (t.hardEndAt ?? null) : null,
    lateRule: t.lateRule ?? "none",
    latePenaltyPercent: t.latePenaltyPercent ?? 10,
    latePeriodHours: t.latePeriodHours ?? 24,
    lateFloorPercent: t.lateFloorPercent ?? 0,
  };
}

/** HOJ's Training entity for its admins (the password included). */
export function adminTrainingJson(t: TrainingDoc) {
  return {
    id: t._id,
    title: t.title,
    description: t.description,
    author: t.author,
    auth: t.auth,
    privatePwd: t.privatePwd,
    rank: t.rank,
    status: t.status,
    isGroup: t.gid !== null && t.gid !== undefined,
    gid: t.gid ?? null,
    gmtCreate: t.gmtCreate,
    gmtModified: t.gmtModified,
    ...homeworkJson(t),
  };
}

/** HOJ's TrainingDTO of the admin calls: the training and its category. */
export async function adminTrainingDto(t: TrainingDoc) {
  const category = t.categoryId ? await TrainingCategory.findById(t.categoryId).lean<TrainingCategoryDoc>() : null;
  return { training: adminTrainingJson(t), trainingCategory: category ? categoryJson(category) : null };
}
