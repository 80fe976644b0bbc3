import type { ProblemDoc } from "~/models/problem.server";
import { withdrawFromContests } from "../contest/problems.server";
import { withdrawFromTrainings } from "../training/problems.server";
import { deleteProblem } from "./admin.server";

// Deleting problems for good: a deleted problem leaves the contests and trainings that list it as
// if their admins had removed it (HOJ's store drops those rows with the problem), so boards,
// trainings' problem counts and training ranks stay right. Submissions to it stay in their
// authors' records.

/** Takes deleted problems out of every contest and training that lists them. */
export async function withdrawProblems(pids: readonly number[]): Promise<void> {
  await withdrawFromContests(pids);
  await withdrawFromTrainings(pids);
}

/**
 * Deletes a problem and takes it out of the contests and trainings that list it. The problem goes
 * first, so nothing adds it to one meanwhile; an unknown id is refused before anything changes.
 */
export async function removeProblem(pid: number): Promise<ProblemDoc> {
  const removed = await deleteProblem(pid);
  await withdrawProblems([pid]);
  return removed;
}
