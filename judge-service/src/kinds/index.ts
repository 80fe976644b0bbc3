import type { TaskProblem } from "../../../app/lib/judge-protocol";
import { defaultKind } from "./default";
import { interactiveKind } from "./interactive";
import { spjKind } from "./spj";
import type { ProblemKind } from "./types";

export function kindFor(problem: Pick<TaskProblem, "judgeMode">): ProblemKind {
  if (problem.judgeMode === "spj") return spjKind();
  if (problem.judgeMode === "interactive") return interactiveKind();
  return defaultKind();
}
