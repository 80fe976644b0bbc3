import { existsSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { fromHojExport } from "../hoj-problem.server";
import { filesIn, ImportParseError, readSmallText, type ImportCandidate } from "./common.server";

// HOJ's problem archive: problem_<id>.json beside a folder problem_<id>/ with the test data.

async function archiveRoot(dir: string): Promise<string> {
  const files = await filesIn(dir);
  if (files.some((f) => f.toLowerCase().endsWith(".json"))) return dir;
  const entries = await readdir(dir, { withFileTypes: true });
  const folders = entries.filter((e) => e.isDirectory());
  if (files.length === 0 && folders.length === 1) return archiveRoot(path.join(dir, folders[0].name));
  return dir;
}

export async function parseHojArchive(dir: string): Promise<ImportCandidate[]> {
  const root = await archiveRoot(dir);
  const jsons = (await filesIn(root)).filter((f) => f.toLowerCase().endsWith(".json")).sort();
  if (jsons.length === 0) throw new ImportParseError("errors.noProblemsFound");
  const out: ImportCandidate[] = [];
  for (const file of jsons) {
    const stem = file.slice(0, -5);
    const dataDir = path.join(root, stem);
    const candidate: ImportCandidate = { label: file, problem: {}, dir: dataDir, warnings: [] };
    out.push(candidate);
    if (!existsSync(dataDir) || !statSync(dataDir).isDirectory()) {
      candidate.error = { key: "errors.hojFolderMissing", params: { name: stem } };
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse((await readSmallText(path.join(root, file))) ?? "");
    } catch (err) {
      candidate.error = err instanceof ImportParseError ? { key: err.key, params: err.params } : { key: "errors.invalidJson", params: { name: file } };
      continue;
    }
    const { unknownLanguages, ...problem } = fromHojExport(json);
    candidate.problem = problem;
    if (unknownLanguages.length > 0) candidate.error = { key: "errors.unknownLanguages", params: { names: unknownLanguages.join(", ") } };
  }
  return out;
}
