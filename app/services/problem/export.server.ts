import { Problem, type ProblemDoc } from "~/models/problem.server";
import { toHojExport } from "./hoj-problem.server";
import { ProblemAdminError } from "./errors.server";
import { getTagsByIds } from "./tags.server";
import { storedCaseFiles } from "./testcase-upload.server";
import type { ZipSource } from "../platform/zip.server";

// Downloads of the problem administration: the test data of one problem, and problems exported
// in HOJ's archive format (problem_<id>.json beside problem_<id>/ with the test data).

export const MAX_EXPORT_PROBLEMS = 200;

/** Problem ids from query values ("3", "1,2", "4-6"), unique, in the order given. */
export function parsePidList(values: readonly string[]): number[] {
  const out: number[] = [];
  for (const v of values) {
    for (const part of v.split(/[\s,]+/)) {
      if (!part) continue;
      const range = /^(\d+)-(\d+)$/.exec(part);
      if (range) {
        const [a, b] = [Number(range[1]), Number(range[2])];
        if (b >= a && b - a < MAX_EXPORT_PROBLEMS) for (let i = a; i <= b; i++) out.push(i);
        else throw new ProblemAdminError("invalidPidList", "pid");
      } else if (/^\d{1,15}$/.test(part)) {
        out.push(Number(part));
      } else {
        throw new ProblemAdminError("invalidPidList", "pid");
      }
    }
  }
  return [...new Set(out)];
}

/** The files of a problem's test data for a zip; refused when it has none. */
export async function testCaseDownload(pid: number): Promise<{ fileName: string; entries: ZipSource[] }> {
  const p = await Problem.findById(pid).select("_id testCaseHash testCases").lean<Pick<ProblemDoc, "_id" | "testCaseHash" | "testCases">>();
  if (!p) throw new ProblemAdminError("problemNotFound", undefined, undefined, "notFound");
  const files = await storedCaseFiles(p.testCaseHash, p.testCases);
  if (files.length === 0) throw new ProblemAdminError("testCaseEmpty");
  return { fileName: `problem_${pid}_testcase.zip`, entries: files };
}

/** HOJ archive entries of the given problems (all must exist). */
export async function exportProblems(pids: readonly number[]): Promise<{ fileName: string; entries: ZipSource[] }> {
  if (pids.length === 0) throw new ProblemAdminError("exportSelectionEmpty", "pid");
  if (pids.length > MAX_EXPORT_PROBLEMS) throw new ProblemAdminError("exportTooMany", "pid", undefined, "invalid", { max: MAX_EXPORT_PROBLEMS });
  const problems = await Problem.find({ _id: { $in: [...pids] } }).lean<ProblemDoc[]>();
  const found = new Set(problems.map((p) => p._id));
  const missing = pids.filter((pid) => !found.has(pid));
  if (missing.length > 0) throw new ProblemAdminError("exportMissing", "pid", undefined, "notFound", { ids: missing.join(", ") });
  const tags = await getTagsByIds(problems.flatMap((p) => p.tags));
  const tagById = new Map(tags.map((t) => [t._id, t]));
  const entries: ZipSource[] = [];
  for (const pid of pids) {
    const p = problems.find((x) => x._id === pid)!;
    const json = toHojExport(p, p.tags.map((id) => tagById.get(id)).filter((t) => !!t));
    entries.push({ name: `problem_${pid}.json`, data: JSON.stringify(json, null, 2) });
    for (const f of await storedCaseFiles(p.testCaseHash, p.testCases)) entries.push({ name: `problem_${pid}/${f.name}`, path: f.path });
  }
  return { fileName: `problem_export_${Date.now()}.zip`, entries };
}
