import { Like, likeId, type LikeDoc } from "~/models/discussion.server";

// Likes of discussions and comments. One document per user and target, keyed by both, so a repeated
// or raced like meets the unique _id and an unlike deletes at most one document: the caller moves
// the target's count only when this says something changed.

type Kind = LikeDoc["kind"];

function isDuplicate(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: number }).code === 11000;
}

export const likeTarget = {
  async has(kind: Kind, targetId: number, uid: string): Promise<boolean> {
    return !!(await Like.exists({ _id: likeId(kind, targetId, uid) }));
  },

  /** Which of the targets the user likes. */
  async likedAmong(kind: Kind, targetIds: number[], uid: string | null | undefined): Promise<Set<number>> {
    if (!uid || targetIds.length === 0) return new Set();
    const rows = await Like.find({ _id: { $in: targetIds.map((id) => likeId(kind, id, uid)) } }).select("targetId").lean<Array<Pick<LikeDoc, "targetId">>>();
    return new Set(rows.map((r) => r.targetId));
  },

  /** True when this call made the like (false: it existed already). */
  async add(kind: Kind, targetId: number, uid: string): Promise<boolean> {
    try {
      await Like.create({ _id: likeId(kind, targetId, uid), kind, targetId, uid, gmtCreate: new Date() });
      return true;
    } catch (err) {
      if (isDuplicate(err)) return false;
      throw err;
    }
  },

  /** True when this call removed the like. */
  async remove(kind: Kind, targetId: number, uid: string): Promise<boolean> {
    const res = await Like.deleteOne({ _id: likeId(kind, targetId, uid) });
    return res.deletedCount === 1;
  },

  async forget(kind: Kind, targetIds: number[]): Promise<void> {
    if (targetIds.length === 0) return;
    await Like.deleteMany({ kind, targetId: { $in: targetIds } });
  },
};
