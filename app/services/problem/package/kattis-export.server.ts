import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { stringify as toYaml } from "yaml";
import { JudgeCaseMode, JudgeMode, ProblemType } from "~/lib/constants";
import { Problem, type ProblemCase, type ProblemDoc } from "~/models/problem.server";
import type { ZipSource } from "../../platform/zip.server";
import { ProblemAdminError } from "../errors.server";
import { getTagsByIds } from "../tags.server";
import { storedCaseFiles } from "../testcase-upload.server";

// One problem as an ICPC (Kattis) problem package: problem.yaml, the statement as Markdown,
// data/sample and data/secret (subtasks as groups with their testdata.yaml), and the checker as an
// output validator. A checker that speaks the package format goes as it is; a testlib checker or
// interactor goes in a folder with our testlib.h and the `build` and `run` scripts the format allows
// for programs, `run` turning testlib's exit codes into 42 and 43. The importer reads all of it back.

const SCRIPT = 0o100755;
const FILE = 0o100644;

/** The package's folder name: lowercase letters and digits, as the format asks. */
export function packageName(p: Pick<ProblemDoc, "problemId" | "_id">): string {
  const name = p.problemId.toLowerCase().replace(/[^a-z0-9]/g, "");
  return name || `problem${p._id}`;
}

function statementLanguage(text: string): string {
  return /[\u3400-\u9fff]/.test(text) ? "zh" : "en";
}

function statementMarkdown(p: ProblemDoc): string {
  const parts = [`# ${p.title}`, p.description.trim(), `## Input\n\n${p.input.trim()}`, `## Output\n\n${p.output.trim()}`];
  if (p.hint.trim()) parts.push(`## Notes\n\n${p.hint.trim()}`);
  return `${parts.filter(Boolean).join("\n\n")}\n`;
}

function testlibPath(): string {
  return path.resolve(process.env.JUDGE_TESTLIB_PATH || "judge-service/sandbox/testlib.h");
}

/** `run` for a testlib checker: the team's output to a file, testlib's verdict as the format's exit code. */
const CHECKER_RUN = `#!/bin/sh
# A testlib checker under the ICPC package format: run input judge_answer feedback_dir < team_output
dir=$(dirname "$0")
cat > "$3/team_output"
"$dir/checker" "$1" "$3/team_output" "$2" > "$3/judgemessage.txt" 2>&1
case $? in
  0) exit 42 ;;
  1|2|4|8) exit 43 ;;
  *) exit 1 ;;
esac
`;

/** `run` for a testlib interactor: it talks to the program on stdin and stdout as it does here. */
const INTERACTOR_RUN = `#!/bin/sh
# A testlib interactor under the ICPC package format: run input judge_answer feedback_dir
dir=$(dirname "$0")
"$dir/interactor" "$1" "$3/tout" "$2" 2> "$3/judgemessage.txt"
case $? in
  0) exit 42 ;;
  1|2|4|8) exit 43 ;;
  *) exit 1 ;;
esac
`;

function buildScript(program: string, language: string): string {
  const compiler = language === "C" ? "gcc -O2 -std=c11" : "g++ -O2 -std=c++17";
  const source = `${program}.${language === "C" ? "c" : "cpp"}`;
  return `#!/bin/sh\n# Compiles the ${program} beside this script.\ncd "$(dirname "$0")" && ${compiler} -o ${program} ${source} -lm\n`;
}

async function validatorEntries(p: ProblemDoc, root: string): Promise<ZipSource[]> {
  if (p.judgeMode === JudgeMode.DEFAULT || !p.spjCode) return [];
  const extra = (p.judgeExtraFile ?? []).map((f) => ({ name: f.name, data: f.content }));
  const ext = p.spjLanguage === "C" ? "c" : "cpp";
  if (p.spjProtocol === "kattis") {
    const dir = `${root}/output_validators/validator`;
    return [{ name: `${dir}/validator.${ext}`, data: p.spjCode }, ...extra.map((f) => ({ name: `${dir}/${f.name}`, data: f.data }))];
  }
  const program = p.judgeMode === JudgeMode.INTERACTIVE ? "interactor" : "checker";
  const dir = `${root}/output_validators/${program}`;
  const out: ZipSource[] = [
    { name: `${dir}/${program}.${ext}`, data: p.spjCode, mode: FILE },
    { name: `${dir}/build`, data: buildScript(program, p.spjLanguage ?? "C++"), mode: SCRIPT },
    { name: `${dir}/run`, data: program === "checker" ? CHECKER_RUN : INTERACTOR_RUN, mode: SCRIPT },
    ...extra.map((f) => ({ name: `${dir}/${f.name}`, data: f.data, mode: FILE })),
  ];
  if (!extra.some((f) => f.name === "testlib.h") && existsSync(testlibPath())) out.push({ name: `${dir}/testlib.h`, data: await readFile(testlibPath()), mode: FILE });
  return out;
}

/** Where a case goes under data/secret/: subtasks become groups; scores without groups become runs of equal score. */
function secretLayout(p: ProblemDoc, cases: ProblemCase[]): { folder: (c: ProblemCase, i: number) => string; groups: Map<string, string> } {
  const groups = new Map<string, string>();
  if (p.type !== ProblemType.OI) return { folder: () => "", groups };
  if (p.judgeCaseMode === JudgeCaseMode.SUBTASK_LOWEST || p.judgeCaseMode === JudgeCaseMode.SUBTASK_AVERAGE) {
    const flags = p.judgeCaseMode === JudgeCaseMode.SUBTASK_LOWEST ? "min" : "avg";
    for (const c of cases) {
      const name = `group${c.groupNum}`;
      if (!groups.has(name)) groups.set(name, toYaml({ grader_flags: flags, accept_score: c.score }));
    }
    return { folder: (c) => `group${c.groupNum}`, groups };
  }
  // Each run of cases with the same score is a group whose cases are each worth that score.
  const folderOf: string[] = [];
  let part = 0;
  cases.forEach((c, i) => {
    if (i === 0 || cases[i - 1].score !== c.score) {
      part++;
      groups.set(`part${part}`, toYaml({ accept_score: c.score }));
    }
    folderOf[i] = `part${part}`;
  });
  return { folder: (_c, i) => folderOf[i], groups };
}

/** The package of one problem, as zip entries under its folder. */
export async function exportKattisPackage(pid: number): Promise<{ fileName: string; entries: ZipSource[] }> {
  const p = await Problem.findById(pid).lean<ProblemDoc>();
  if (!p) throw new ProblemAdminError("problemNotFound", undefined, undefined, "notFound");
  if (p.isRemote) throw new ProblemAdminError("remoteNotExported");
  const root = packageName(p);
  const files = new Map((await storedCaseFiles(p.testCaseHash, p.testCases)).map((f) => [f.name, f.path]));
  const entries: ZipSource[] = [];
  const tags = (await getTagsByIds(p.tags)).map((t) => t.name.trim().replace(/\s+/g, "-")).filter(Boolean);
  const meta: Record<string, unknown> = { name: p.title };
  if (p.author) meta.author = p.author;
  if (p.source) meta.source = p.source;
  if (p.type === ProblemType.OI) meta.type = "scoring";
  if (p.judgeMode !== JudgeMode.DEFAULT) meta.validation = p.judgeMode === JudgeMode.INTERACTIVE ? "custom interactive" : "custom";
  meta.limits = { memory: p.memoryLimit };
  if (tags.length) meta.keywords = tags.join(" ");
  entries.push({ name: `${root}/problem.yaml`, data: toYaml(meta) });
  // The time limit as problemtools writes it when it has measured one.
  entries.push({ name: `${root}/.timelimit`, data: `${p.timeLimit / 1000}\n` });
  entries.push({ name: `${root}/problem_statement/problem.${statementLanguage(p.title + p.description)}.md`, data: statementMarkdown(p) });

  // Samples: the cases that came from data/sample when there are some, else the examples.
  const sampleCases = p.testCases.filter((c) => c.input.startsWith("sample-"));
  const strip = (name: string, prefix: string) => (name.startsWith(prefix) ? name.slice(prefix.length) : name);
  if (sampleCases.length) {
    for (const c of sampleCases) {
      const stem = strip(c.input, "sample-").replace(/\.in$/, "");
      entries.push({ name: `${root}/data/sample/${stem}.in`, path: files.get(c.input)! }, { name: `${root}/data/sample/${stem}.ans`, path: files.get(c.output)! });
    }
  } else {
    p.examples.forEach((e, i) => {
      entries.push({ name: `${root}/data/sample/${i + 1}.in`, data: e.input }, { name: `${root}/data/sample/${i + 1}.ans`, data: e.output });
    });
  }
  const secret = p.testCases.filter((c) => !c.input.startsWith("sample-"));
  const layout = secretLayout(p, secret);
  for (const [name, yaml] of layout.groups) entries.push({ name: `${root}/data/secret/${name}/testdata.yaml`, data: yaml });
  secret.forEach((c, i) => {
    const folder = layout.folder(c, i);
    const base = `${root}/data/secret/${folder ? `${folder}/` : ""}`;
    const stem = strip(c.input, "secret-").replace(/\.in$/, "");
    entries.push({ name: `${base}${stem}.in`, path: files.get(c.input)! }, { name: `${base}${stem}.ans`, path: files.get(c.output)! });
  });
  entries.push(...(await validatorEntries(p, root)));
  return { fileName: `${root}.zip`, entries };
}
