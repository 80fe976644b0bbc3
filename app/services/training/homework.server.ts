import { homeworkOf, timeLeft, type LateRule, type TimeLeft } from "~/lib/homework";
import { TrainingRank } from "~/models/training-rank.server";
import type { TrainingScope } from "./scope.server";

// What a training's page says about its homework rule (app/lib/homework.ts): the due time, how
// long is left (as of the request, so the page says it without JavaScript), what a late solve
// earns, the hard end, and the viewer's own solves on time and late from their kept rank row.

export interface HomeworkView {
  dueAt: string;
  hardEndAt: string | null;
  late: LateRule;
  left: TimeLeft;
  /** The viewer's solves (null: a visitor, or one who may not enter the training yet). */
  mine: { onTime: number; late: number } | null;
}

export async function trainingHomeworkView(ts: TrainingScope, now = new Date()): Promise<HomeworkView | null> {
  const hw = homeworkOf(ts.training);
  if (!hw) return null;
  let mine: HomeworkView["mine"] = null;
  if (ts.viewer && !ts.standing.entryRefusal) {
    const row = await TrainingRank.findById(`${ts.training._id}:${ts.viewer._id}`).select("onTimeAc lateAc").lean<{ onTimeAc?: number; lateAc?: number }>();
    mine = { onTime: row?.onTimeAc ?? 0, late: row?.lateAc ?? 0 };
  }
  return { dueAt: hw.dueAt.toISOString(), hardEndAt: hw.hardEndAt?.toISOString() ?? null, late: hw.late, left: timeLeft(hw.dueAt, now), mine };
}
