import { OWN_OJ } from "~/lib/problem";
import { Tag, TagClassification, type TagClassificationDoc, type TagDoc } from "~/models/tag.server";

// Problem tags as the learner side reads them: the classification popovers of the problem list and
// the tags of a page of problems. Both are single queries per collection (no per-row look-ups).

export interface ClassifiedTags {
  /** null for the tags that belong to no classification. */
  classification: TagClassificationDoc | null;
  tagList: TagDoc[];
}

/** Public (non-group) tags of an OJ, grouped by classification in rank order; unclassified last. */
export async function listTagsAndClassifications(oj: string = OWN_OJ): Promise<ClassifiedTags[]> {
  const [classifications, tags] = await Promise.all([
    TagClassification.find({ oj }).sort({ rank: 1, _id: 1 }).lean<TagClassificationDoc[]>(),
    Tag.find({ oj, gid: null }).sort({ _id: 1 }).lean<TagDoc[]>(),
  ]);
  const byClass = new Map<number | null, TagDoc[]>();
  for (const t of tags) {
    const key = t.tcid != null && classifications.some((c) => c._id === t.tcid) ? t.tcid : null;
    const list = byClass.get(key) ?? [];
    list.push(t);
    byClass.set(key, list);
  }
  const out: ClassifiedTags[] = classifications.map((c) => ({ classification: c, tagList: byClass.get(c._id) ?? [] }));
  const loose = byClass.get(null);
  if (loose?.length) out.push({ classification: null, tagList: loose });
  return out;
}

/** Tags by id, in one $in query. */
export async function getTagsByIds(ids: readonly number[]): Promise<TagDoc[]> {
  const unique = [...new Set(ids.filter((n) => Number.isInteger(n)))];
  if (unique.length === 0) return [];
  return Tag.find({ _id: { $in: unique } }).lean<TagDoc[]>();
}

/** Every public tag of an OJ (GET /ojapi/get-all-problem-tags). */
export async function listAllTags(oj: string = OWN_OJ): Promise<TagDoc[]> {
  return Tag.find({ oj, gid: null }).sort({ _id: 1 }).lean<TagDoc[]>();
}

/** Tags whose name contains the text, ignoring case (the tag search of the problem list). */
export function searchTags(tags: readonly TagDoc[], text: string): TagDoc[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...tags];
  return tags.filter((t) => (t.nameLower ?? t.name.toLowerCase()).includes(needle));
}

/** HOJ's Tag shape. */
export function tagJson(t: TagDoc) {
  return {
    id: t._id,
    name: t.name,
    color: t.color,
    oj: t.oj,
    gid: t.gid,
    tcid: t.tcid,
    gmtCreate: t.gmtCreate,
    gmtModified: t.gmtModified,
  };
}

export function classificationJson(c: TagClassificationDoc) {
  return { id: c._id, name: c.name, oj: c.oj, rank: c.rank, gmtCreate: c.gmtCreate, gmtModified: c.gmtModified };
}
