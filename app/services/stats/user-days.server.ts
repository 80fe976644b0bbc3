import { JudgeStatus } from "~/lib/constants";
import { dayBounds, dayKey } from "~/lib/calendar";
import { Submission } from "~/models/submission.server";
import { UserDay, userDayKey, type UserDayDoc } from "~/models/user-day.server";
import { bankCountedQuery } from "../access/policy.server";

// The per-user, per-day counters (models/user-day.server.ts): moved by the result applier with the
// other user counters (holding the user's counter lock), recomputed exactly with them when a change
// was interrupted. What counts is what counts in the bank's counters (the access policy's
// `countsInBank`): a submission with a counted verdict, on the day it was submitted.

export interface DayChange {
  uid: string;
  pid: number;
  submitId: number;
  submitTime: Date;
  /** +1, -1 or 0: the submission's counted verdict came or went. */
  submits: number;
  /** An accepted verdict came or went. */
  ac: "add" | "remove" | null;
}

/** Moves one day's counters by what one submission's change implies. */
export async function carryDayChange(c: DayChange): Promise<void> {
  if (c.submits === 0 && c.ac === null) return;
  const day = dayKey(c.submitTime);
  const inc: Record<string, number> = {};
  if (c.submits !== 0) inc.submits = c.submits;
  if (c.ac) inc.acs = c.ac === "add" ? 1 : -1;
  await UserDay.updateOne(
    { _id: userDayKey(c.uid, day) },
    c.ac === "add"
      ? { $inc: inc, $setOnInsert: { uid: c.uid, day }, $addToSet: { acPids: c.pid } }
      : { $inc: inc, $setOnInsert: { uid: c.uid, day } },
    { upsert: true },
  );
  if (c.ac === "remove") {
    const { start, end } = dayBounds(day);
    const other = await Submission.exists({
      uid: c.uid,
      pid: c.pid,
      ...bankCountedQuery(),
      countedStatus: JudgeStatus.ACCEPTED,
      submitTime: { $gte: start, $lt: end },
      _id: { $ne: c.submitId },
    });
    if (!other) await UserDay.updateOne({ _id: userDayKey(c.uid, day) }, { $pull: { acPids: c.pid } });
  }
}

type DayCounts = Pick<UserDayDoc, "day" | "submits" | "acs" | "acPids">;

/** A user's day counters computed from their submissions (for repairs and for checking the kept ones). */
export async function countUserDays(uid: string): Promise<Map<string, DayCounts>> {
  const rows = await Submission.find({ uid, ...bankCountedQuery(), countedStatus: { $ne: null } })
    .select("pid submitTime countedStatus")
    .lean<Array<{ pid: number; submitTime: Date; countedStatus: number }>>();
  const days = new Map<string, DayCounts>();
  for (const r of rows) {
    const day = dayKey(new Date(r.submitTime));
    let d = days.get(day);
    if (!d) days.set(day, (d = { day, submits: 0, acs: 0, acPids: [] }));
    d.submits++;
    if (r.countedStatus === JudgeStatus.ACCEPTED) {
      d.acs++;
      if (!d.acPids.includes(r.pid)) d.acPids.push(r.pid);
    }
  }
  for (const d of days.values()) d.acPids.sort((a, b) => a - b);
  return days;
}

/** Sets a user's day counters to what their submissions say. */
export async function recomputeUserDays(uid: string): Promise<void> {
  const days = await countUserDays(uid);
  const stored = await UserDay.find({ uid }).select("_id day").lean<Array<{ _id: string; day: string }>>();
  const gone = stored.filter((s) => !days.has(s.day)).map((s) => s._id);
  if (gone.length > 0) await UserDay.deleteMany({ _id: { $in: gone } });
  for (const d of days.values()) {
    await UserDay.updateOne(
      { _id: userDayKey(uid, d.day) },
      { $set: { uid, day: d.day, submits: d.submits, acs: d.acs, acPids: d.acPids } },
      { upsert: true },
    );
  }
}

// A day whose first change was no accepted verdict has no acPids field yet: read as empty.

/** The kept day counters of the given days (everyone's): one indexed query. */
export async function daysOf(days: string[]): Promise<Array<DayCounts & { uid: string }>> {
  return UserDay.find({ day: { $in: days } })
    .select("uid day submits acs acPids")
    .lean<Array<DayCounts & { uid: string }>>();
}

/** One user's kept day counters from `from` (a day key) on, by day. */
export async function userDaysSince(uid: string, from: string): Promise<Map<string, DayCounts>> {
  const rows = await UserDay.find({ uid, day: { $gte: from } })
    .select("day submits acs acPids")
    .lean<DayCounts[]>();
  return new Map(rows.map((r) => [r.day, r]));
}
