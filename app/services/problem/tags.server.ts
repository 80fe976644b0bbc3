import { z } from "zod";
import { OWN_OJ } from "~/lib/problem";
import { PROBLEM_LIMITS, TAG_DEFAULT_COLOR } from "~/lib/problem-admin";
import { nextSeq } from "~/models/counter.server";
import { Problem } from "~/models/problem.server";
import { Tag, TagClassification, type TagClassificationDoc, type TagDoc } from "~/models/tag.server";
import { pagesChanged } from "../platform/page-cache.server";
import { ProblemAdminError } from "./errors.server";

// Problem tags and tag classifications (spec section 3). Names are unique per OJ (and group),
// compared without case (`nameLower`): "The tag has been added, please do not add it repeatedly!".

const E = (key: string) => `admin-problem:errors.${key}`;

export class TagError extends ProblemAdminError {
  constructor(key: string, field?: string) {
    super(key, field);
  }
}

const optionalId = z.preprocess((v) => {
  if (v === undefined || v === null || v === "" || v === "null") return null;
  return typeof v === "string" ? Number(v) : v;
}, z.number({ invalid_type_error: E("invalidClassification") }).int(E("invalidClassification")).positive(E("invalidClassification")).nullable());

/** What an OJ may be called: its tags and classifications are kept under that name. */
const OJ_NAME = /^[A-Za-z0-9_-]{1,20}$/;

const ojName = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? OWN_OJ : typeof v === "string" ? v.trim() : v),
  z.string().regex(OJ_NAME, E("invalidOj")),
);

/** An OJ name from a query or a form: the name when it is one, else undefined. */
export function parseOjName(value: string | null | undefined): string | undefined {
  const v = (value ?? "").trim();
  return OJ_NAME.test(v) ? v : undefined;
}

/** HOJ's `oj` of the public tag calls: empty, "ALL" and "MINE" name this site's own problems. */
export function publicTagsOj(value: string | null | undefined): string {
  const oj = (value ?? "").trim().toUpperCase();
  return !oj || oj === "ALL" || oj === "MINE" ? OWN_OJ : oj;
}

export const tagInputSchema = z.object({
  name: z.preprocess((v) => (typeof v === "string" ? v.trim() : v ?? ""), z.string().min(1, E("tagNameRequired")).max(PROBLEM_LIMITS.tagNameMax, E("tagNameTooLong"))),
  color: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? TAG_DEFAULT_COLOR : typeof v === "string" ? v.trim() : v),
    z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, E("invalidColor")),
  ),
  oj: ojName,
  tcid: optionalId,
});

export const classificationInputSchema = z.object({
  name: z.preprocess((v) => (typeof v === "string" ? v.trim() : v ?? ""), z.string().min(1, E("classificationNameRequired")).max(PROBLEM_LIMITS.tagNameMax, E("tagNameTooLong"))),
  oj: ojName,
  rank: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? 0 : typeof v === "string" ? Number(v) : v),
    z.number({ invalid_type_error: E("invalidRank") }).int(E("invalidRank")).min(0, E("invalidRank")).max(2_147_483_647, E("invalidRank")),
  ),
});

function isDuplicateKey(err: unknown): boolean {
  return !!err && typeof err === "object" && (err as { code?: number }).code === 11000;
}

async function checkClassification(tcid: number | null, oj: string): Promise<void> {
  if (tcid === null) return;
  const c = await TagClassification.findById(tcid).lean();
  if (!c || c.oj !== oj) throw new TagError("invalidClassification", "tcid");
}

export async function createTag(raw: unknown): Promise<TagDoc> {
  const input = tagInputSchema.parse(raw);
  await checkClassification(input.tcid, input.oj);
  const nameLower = input.name.toLowerCase();
  if (await Tag.exists({ oj: input.oj, gid: null, nameLower })) throw new TagError("tagExists", "name");
  const now = new Date();
  for (let attempt = 0; ; attempt++) {
    try {
      const doc = await Tag.create({ _id: await nextSeq("tag"), ...input, nameLower, gid: null, gmtCreate: now, gmtModified: now });
      await pagesChanged("problems");
      return doc.toObject();
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      if (await Tag.exists({ oj: input.oj, gid: null, nameLower })) throw new TagError("tagExists", "name");
      // The id was taken (counters are not atomic across processes on FerretDB): draw another.
      if (attempt >= 4) throw err;
    }
  }
}

export async function updateTag(id: number, raw: unknown): Promise<TagDoc> {
  const input = tagInputSchema.parse(raw);
  const existing = await Tag.findById(id).lean();
  if (!existing) throw new TagError("tagNotFound");
  await checkClassification(input.tcid, input.oj);
  const nameLower = input.name.toLowerCase();
  if (await Tag.exists({ oj: input.oj, gid: existing.gid, nameLower, _id: { $ne: id } })) throw new TagError("tagExists", "name");
  try {
    const doc = await Tag.findByIdAndUpdate(id, { $set: { ...input, nameLower, gmtModified: new Date() } }, { new: true }).lean();
    await pagesChanged("problems");
    return doc!;
  } catch (err) {
    if (isDuplicateKey(err)) throw new TagError("tagExists", "name");
    throw err;
  }
}

/** Deletes a tag and takes it off every problem that carried it. */
export async function deleteTag(id: number): Promise<void> {
  const res = await Tag.deleteOne({ _id: id });
  if (res.deletedCount === 0) throw new TagError("tagNotFound");
  await Problem.updateMany({ tags: id }, { $pull: { tags: id } });
  await pagesChanged("problems");
}

export async function createClassification(raw: unknown): Promise<TagClassificationDoc> {
  const input = classificationInputSchema.parse(raw);
  const all = await TagClassification.find({ oj: input.oj }).select("name").lean();
  if (all.some((c) => c.name.toLowerCase() === input.name.toLowerCase())) throw new TagError("classificationExists", "name");
  const now = new Date();
  const doc = await TagClassification.create({ _id: await nextSeq("tagClassification"), ...input, gmtCreate: now, gmtModified: now });
  await pagesChanged("problems");
  return doc.toObject();
}

export async function updateClassification(id: number, raw: unknown): Promise<TagClassificationDoc> {
  const input = classificationInputSchema.parse(raw);
  const existing = await TagClassification.findById(id).lean();
  if (!existing) throw new TagError("classificationNotFound");
  const all = await TagClassification.find({ oj: input.oj, _id: { $ne: id } }).select("name").lean();
  if (all.some((c) => c.name.toLowerCase() === input.name.toLowerCase())) throw new TagError("classificationExists", "name");
  const doc = await TagClassification.findByIdAndUpdate(id, { $set: { ...input, gmtModified: new Date() } }, { new: true }).lean();
  if (input.oj !== existing.oj) await Tag.updateMany({ tcid: id, oj: { $ne: input.oj } }, { $set: { tcid: null } });
  await pagesChanged("problems");
  return doc!;
}

/** Deletes a classification; its tags stay, unclassified. */
export async function deleteClassification(id: number): Promise<void> {
  const res = await TagClassification.deleteOne({ _id: id });
  if (res.deletedCount === 0) throw new TagError("classificationNotFound");
  await Tag.updateMany({ tcid: id }, { $set: { tcid: null, gmtModified: new Date() } });
  await pagesChanged("problems");
}

export function listClassifications(oj = OWN_OJ): Promise<TagClassificationDoc[]> {
  return TagClassification.find({ oj }).sort({ rank: 1, _id: 1 }).lean();
}

/** Site tags (not group tags) of one OJ, by name. */
export async function listTags(oj = OWN_OJ): Promise<TagDoc[]> {
  const tags = await Tag.find({ oj, gid: null }).lean();
  return tags.sort((a, b) => a.nameLower.localeCompare(b.nameLower) || a._id - b._id);
}

export interface ClassifiedTags {
  classification: TagClassificationDoc | null;
  tagList: TagDoc[];
}

/**
 * Classifications of an OJ in rank order, each with its tags; unclassified tags come last under
 * `classification: null` (HOJ's get-problem-tags-and-classification). Two queries.
 */
export async function listTagsAndClassifications(oj = OWN_OJ): Promise<ClassifiedTags[]> {
  const [classes, tags] = await Promise.all([listClassifications(oj), listTags(oj)]);
  const byClass = new Map<number, TagDoc[]>(classes.map((c) => [c._id, []]));
  const loose: TagDoc[] = [];
  for (const t of tags) {
    const bucket = t.tcid !== null ? byClass.get(t.tcid) : undefined;
    if (bucket) bucket.push(t);
    else loose.push(t);
  }
  const out: ClassifiedTags[] = classes.map((c) => ({ classification: c, tagList: byClass.get(c._id)! }));
  if (loose.length > 0) out.push({ classification: null, tagList: loose });
  return out;
}

/** Tags by id in one query, in the order asked (unknown ids left out). */
export async function getTagsByIds(ids: readonly number[]): Promise<TagDoc[]> {
  const unique = [...new Set(ids.filter((id) => Number.isInteger(id)))];
  if (unique.length === 0) return [];
  const docs = await Tag.find({ _id: { $in: unique } }).lean<TagDoc[]>();
  const byId = new Map(docs.map((d) => [d._id, d]));
  return unique.map((id) => byId.get(id)).filter((d): d is TagDoc => !!d);
}

/**
 * The tags a problem asks for, checked without writing: ids must be site tags of our OJ, new
 * names that already exist are taken as those tags, the rest are to be created. A name equal to a
 * picked tag is a duplicate.
 */
export async function planProblemTags(tagIds: readonly number[], newNames: readonly string[]): Promise<{ ids: number[]; create: string[] }> {
  const picked = await getTagsByIds(tagIds);
  const valid = picked.filter((t) => t.oj === OWN_OJ && t.gid === null);
  if (valid.length !== new Set(tagIds).size) throw new TagError("invalidTag", "tagIds");
  const pickedNames = new Set(valid.map((t) => t.nameLower));
  const lowers = newNames.map((n) => n.toLowerCase());
  for (const n of lowers) if (pickedNames.has(n)) throw new TagError("duplicateTag", "newTags");
  const found = lowers.length ? await Tag.find({ oj: OWN_OJ, gid: null, nameLower: { $in: lowers } }).lean() : [];
  const foundByName = new Map(found.map((t) => [t.nameLower, t._id]));
  const ids = valid.map((t) => t._id);
  const create: string[] = [];
  newNames.forEach((name, i) => {
    const id = foundByName.get(lowers[i]);
    if (id !== undefined) {
      if (!ids.includes(id)) ids.push(id);
    } else if (!create.some((c) => c.toLowerCase() === lowers[i])) {
      create.push(name);
    }
  });
  return { ids, create };
}

/**
 * Creates (or finds, when another request was quicker) our-OJ tags by name; returns their ids and,
 * apart, the ids of those this call created (for `removeUnusedTags` if the save fails after).
 */
export async function ensureTagsByName(names: readonly string[]): Promise<{ ids: number[]; created: number[] }> {
  const ids: number[] = [];
  const created: number[] = [];
  try {
    for (const name of names) ids.push(await ensureTag(name, created));
  } catch (err) {
    // Nothing half-done: the tags created before the failure go too.
    await removeUnusedTags(created);
    throw err;
  }
  return { ids, created };
}

async function ensureTag(name: string, created: number[]): Promise<number> {
  const nameLower = name.toLowerCase();
  const existing = await Tag.findOne({ oj: OWN_OJ, gid: null, nameLower }).lean();
  if (existing) return existing._id;
  const now = new Date();
  for (let attempt = 0; ; attempt++) {
    try {
      const doc = await Tag.create({ _id: await nextSeq("tag"), name, nameLower, color: TAG_DEFAULT_COLOR, oj: OWN_OJ, gid: null, tcid: null, gmtCreate: now, gmtModified: now });
      created.push(doc._id);
      return doc._id;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      // Another request added the same name first, or took the id: use theirs, or draw again.
      const again = await Tag.findOne({ oj: OWN_OJ, gid: null, nameLower }).lean();
      if (again) return again._id;
      if (attempt >= 4) throw err;
    }
  }
}

/**
 * Removes tags a refused save created, unless a problem saved meanwhile uses one (another request
 * may have found it by name in between).
 */
export async function removeUnusedTags(ids: readonly number[]): Promise<void> {
  for (const id of ids) {
    if (!(await Problem.exists({ tags: id }))) await Tag.deleteOne({ _id: id });
  }
}

/** Every site tag of an OJ by id (GET /ojapi/get-all-problem-tags). */
export function listAllTags(oj = OWN_OJ): Promise<TagDoc[]> {
  return Tag.find({ oj, gid: null }).sort({ _id: 1 }).lean<TagDoc[]>();
}

/** Tags whose name contains the text, ignoring case (the tag search of the problem list). */
export function searchTags(tags: readonly TagDoc[], text: string): TagDoc[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...tags];
  return tags.filter((t) => (t.nameLower ?? t.name.toLowerCase()).includes(needle));
}

/** HOJ's Tag entity. */
export function toHojTag(t: TagDoc) {
  return { id: t._id, name: t.name, color: t.color, oj: t.oj, gid: t.gid, tcid: t.tcid, gmtCreate: t.gmtCreate, gmtModified: t.gmtModified };
}

/** HOJ's TagClassification entity. */
export function toHojClassification(c: TagClassificationDoc) {
  return { id: c._id, name: c.name, oj: c.oj, rank: c.rank, gmtCreate: c.gmtCreate, gmtModified: c.gmtModified };
}
