import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { JudgeCaseMode, JudgeMode, ProblemType } from "~/lib/constants";
import { DEFAULT_PROBLEM_LANGUAGES } from "~/lib/languages";
import { distributeScores, pairTestFiles, type Example } from "~/lib/testcase-rules";
import {
  asRecord,
  asString,
  EMBEDDED_IMAGE_MAX_BYTES,
  filesIn,
  imageMime,
  imageMimeOf,
  ImportParseError,
  parseMemory,
  parseTime,
  problemRoots,
  readSmallText,
  spjLanguageOf,
  type ImportCandidate,
  type ImportMessage,
} from "./common.server";

// Hydro's problem export: one folder per problem with problem.yaml (title, pid, tag), the
// statement in problem.md (or problem_zh.md / problem_en.md), testdata/ with config.yaml (type,
// time, memory, checker or interactor, subtasks or cases, langs) and additional_file/ (images).

const HYDRO_LANGS: Record<string, string> = {
  c: "C",
  "c.o2": "C With O2",
  cc: "C++",
  "cc.cc98": "C++",
  "cc.cc11": "C++",
  "cc.cc14": "C++",
  "cc.cc98o2": "C++ With O2",
  "cc.cc11o2": "C++ With O2",
  "cc.cc14o2": "C++ With O2",
  "cc.cc17": "C++ 17",
  "cc.cc17o2": "C++ 17 With O2",
  "cc.cc20": "C++ 20",
  "cc.cc20o2": "C++ 20 With O2",
  java: "Java",
  py: "Python3",
  "py.py3": "Python3",
  "py.py2": "Python2",
  "py.pypy3": "PyPy3",
  go: "Golang",
  js: "JavaScript Node",
  rs: "Rust",
  php: "PHP",
  rb: "Ruby",
  cs: "C#",
};

export function hydroLanguage(id: string): string | null {
  return HYDRO_LANGS[id.trim().toLowerCase()] ?? null;
}

type Section = "description" | "input" | "output" | "samples" | "hint" | "source";

const HEADINGS: Array<[RegExp, Section]> = [
  [/^(题目描述|题目背景|背景|描述|题面|description|background|statement|problem\s*description|legend)$/i, "description"],
  [/^(输入格式|输入|输入描述|input|input\s*format|input\s*description)$/i, "input"],
  [/^(输出格式|输出|输出描述|output|output\s*format|output\s*description)$/i, "output"],
  [/^(样例|样例输入输出|输入输出样例|样例数据|samples?|examples?|sample\s*input\s*(and|&)\s*output)$/i, "samples"],
  [/^(提示|说明|说明\/提示|说明与提示|数据范围|数据范围与提示|数据规模与约定|样例解释|hint|hints|note|notes|limitation|limitations|constraints|explanation)$/i, "hint"],
  [/^(来源|题目来源|source)$/i, "source"],
];

const SAMPLE_FENCE = /```(input|output)(\d+)[^\S\n]*\n([\s\S]*?)\n?```/g;

export interface HydroStatement {
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  examples: Example[];
}

/** Splits a Hydro statement by its "## " headings and takes the ```inputN / ```outputN samples out. */
export function parseHydroMarkdown(md: string): HydroStatement {
  const samples = new Map<number, Example>();
  for (const m of md.matchAll(SAMPLE_FENCE)) {
    const n = Number(m[2]);
    const e = samples.get(n) ?? { input: "", output: "" };
    e[m[1] as "input" | "output"] = m[3];
    samples.set(n, e);
  }
  const text = md.replace(SAMPLE_FENCE, "");
  const parts: Record<Section, string[]> = { description: [], input: [], output: [], samples: [], hint: [], source: [] };
  const lines = text.split(/\r?\n/);
  let current: Section = "description";
  let buffer: string[] = [];
  const flush = () => {
    const body = buffer.join("\n").trim();
    if (body) parts[current].push(body);
    buffer = [];
  };
  let inFence = false;
  for (const line of lines) {
    if (/^\s*```/.test(line)) inFence = !inFence;
    const h = inFence ? null : /^##\s+(.+?)\s*#*\s*$/.exec(line);
    if (h) {
      flush();
      const title = h[1].trim();
      const match = HEADINGS.find(([re]) => re.test(title));
      if (match) {
        current = match[1];
      } else {
        current = "description";
        buffer.push(line);
      }
      continue;
    }
    buffer.push(line);
  }
  flush();
  return {
    description: parts.description.join("\n\n"),
    input: parts.input.join("\n\n"),
    output: parts.output.join("\n\n"),
    hint: [...parts.hint, ...parts.samples].join("\n\n"),
    source: parts.source.join(" ").trim(),
    examples: [...samples.entries()].sort((a, b) => a[0] - b[0]).map(([, e]) => e),
  };
}

interface HydroCase {
  input: string;
  output: string;
  score?: number;
  groupNum?: number;
}

/** Replaces file://name links of additional_file/ images with data URLs. */
async function embedAdditionalFiles(md: string, root: string, warnings: ImportMessage[]): Promise<string> {
  const dir = path.join(root, "additional_file");
  const names = new Set(await filesIn(dir));
  let out = md;
  for (const m of md.matchAll(/file:\/\/([^\s)"'<>]+)/g)) {
    const name = decodeURIComponent(m[1]);
    if (!names.has(name)) continue;
    const p = path.join(dir, name);
    if (!imageMimeOf(name) || (await stat(p)).size > EMBEDDED_IMAGE_MAX_BYTES) {
      warnings.push({ key: "import.warnings.fileNotEmbedded", params: { name } });
      continue;
    }
    const data = await readFile(p);
    out = out.split(m[0]).join(`data:${imageMime(name, data)};base64,${data.toString("base64")}`);
  }
  return out;
}

async function parseOne(root: string, label: string): Promise<ImportCandidate> {
  const warnings: ImportMessage[] = [];
  const testdata = path.join(root, "testdata");
  const candidate: ImportCandidate = { label, problem: {}, dir: testdata, warnings };
  const meta = asRecord(parseYaml((await readSmallText(path.join(root, "problem.yaml"))) ?? "") as unknown);
  const mdName = await pickStatement(root);
  const md = mdName ? ((await readSmallText(path.join(root, mdName))) ?? "") : "";
  const statement = parseHydroMarkdown(await embedAdditionalFiles(md, root, warnings));
  const config = asRecord(parseYaml((await readSmallText(path.join(testdata, "config.yaml"))) ?? "") as unknown);

  const kind = asString(config.type) || "default";
  let judgeMode: string = JudgeMode.DEFAULT;
  let spjCode = "";
  let spjLanguage = "C";
  if (kind === "interactive") {
    const file = asString(config.interactor);
    const lang = spjLanguageOf(file);
    const code = file ? await readSmallText(path.join(testdata, file)) : null;
    if (!code || !lang) {
      candidate.error = { key: "errors.hydroCheckerMissing", params: { name: file || "interactor" } };
      return candidate;
    }
    judgeMode = JudgeMode.INTERACTIVE;
    spjCode = code;
    spjLanguage = lang;
  } else if (kind === "default" || kind === "fileio") {
    const checkerType = asString(config.checker_type) || (config.checker ? "testlib" : "default");
    if (checkerType !== "default" && checkerType !== "strict") {
      const file = asString(config.checker);
      const lang = spjLanguageOf(file);
      const code = file ? await readSmallText(path.join(testdata, file)) : null;
      if (!code || !lang) {
        candidate.error = { key: "errors.hydroCheckerMissing", params: { name: file || "checker" } };
        return candidate;
      }
      if (checkerType !== "testlib") warnings.push({ key: "import.warnings.checkerType", params: { type: checkerType } });
      judgeMode = JudgeMode.SPJ;
      spjCode = code;
      spjLanguage = lang;
    }
  } else {
    candidate.error = { key: "errors.hydroTypeUnsupported", params: { type: kind } };
    return candidate;
  }

  // Cases: from subtasks, from a case list, or by pairing the files of testdata/.
  let judgeCaseMode: string = JudgeCaseMode.DEFAULT;
  let cases: HydroCase[] = [];
  const subtasks = Array.isArray(config.subtasks) ? config.subtasks.map(asRecord) : [];
  if (subtasks.length > 0) {
    const types = new Set(subtasks.map((s) => asString(s.type) || "min"));
    judgeCaseMode = types.size === 1 && types.has("sum") ? JudgeCaseMode.SUBTASK_AVERAGE : JudgeCaseMode.SUBTASK_LOWEST;
    if (types.has("max") || types.size > 1) warnings.push({ key: "import.warnings.subtaskType" });
    const equal = distributeScores(subtasks.length);
    subtasks.forEach((s, i) => {
      const score = typeof s.score === "number" ? s.score : equal[i];
      const groupNum = typeof s.id === "number" && s.id > 0 ? s.id : i + 1;
      for (const c of Array.isArray(s.cases) ? s.cases.map(asRecord) : []) cases.push({ input: asString(c.input), output: asString(c.output), score, groupNum });
    });
  } else if (Array.isArray(config.cases) && config.cases.length > 0) {
    cases = config.cases.map(asRecord).map((c) => ({ input: asString(c.input), output: asString(c.output), score: typeof c.score === "number" ? c.score : undefined }));
  } else {
    const pairing = pairTestFiles((await filesIn(testdata)).filter((f) => f !== "config.yaml"));
    cases = pairing.cases;
    if (pairing.unpaired.length) warnings.push({ key: "import.warnings.unpaired", params: { names: pairing.unpaired.join(", ") } });
  }
  if (cases.length > 0 && cases.every((c) => c.score === undefined)) {
    const scores = distributeScores(cases.length);
    cases = cases.map((c, i) => ({ ...c, score: scores[i] }));
  }

  const langs = Array.isArray(config.langs) ? config.langs.map((l) => hydroLanguage(asString(l))).filter((l): l is string => !!l) : [];
  const filename = asString(config.filename);
  const tags = Array.isArray(meta.tag) ? meta.tag.map(asString).filter((t) => t.trim() !== "") : [];
  const pid = asString(meta.pid);

  candidate.problem = {
    problemId: pid && pid !== "null" ? pid : "",
    title: asString(meta.title),
    description: statement.description,
    input: statement.input,
    output: statement.output,
    hint: statement.hint,
    source: statement.source,
    examples: statement.examples,
    type: ProblemType.OI,
    timeLimit: parseTime(config.time),
    memoryLimit: parseMemory(config.memory),
    judgeMode,
    spjCode,
    spjLanguage,
    judgeCaseMode,
    isUploadCase: true,
    cases,
    languages: [...new Set(langs.length ? langs : DEFAULT_PROBLEM_LANGUAGES)],
    newTags: [...new Map(tags.map((t) => [t.trim().toLowerCase(), t.trim()])).values()],
    isFileIO: !!filename,
    ioReadFileName: filename ? `${filename}.in` : "",
    ioWriteFileName: filename ? `${filename}.out` : "",
    userExtraFile: await readExtraFiles(testdata, config.user_extra_files),
    judgeExtraFile: await readExtraFiles(testdata, config.judge_extra_files),
  };
  return candidate;
}

async function pickStatement(root: string): Promise<string | null> {
  const files = await filesIn(root);
  for (const n of ["problem_zh.md", "problem.md", "problem_en.md"]) if (files.includes(n)) return n;
  return files.find((f) => /^problem_.*\.md$/.test(f)) ?? null;
}

async function readExtraFiles(dir: string, list: unknown): Promise<Array<{ name: string; content: string }>> {
  if (!Array.isArray(list)) return [];
  const out: Array<{ name: string; content: string }> = [];
  for (const item of list) {
    const name = asString(item);
    const content = name ? await readSmallText(path.join(dir, name)) : null;
    if (content === null) throw new ImportParseError("errors.caseFileMissing", { name });
    out.push({ name: path.basename(name), content });
  }
  return out;
}

export async function parseHydroArchive(dir: string): Promise<ImportCandidate[]> {
  const roots = await problemRoots(dir, "problem.yaml");
  if (roots.length === 0) throw new ImportParseError("errors.noProblemsFound");
  const out: ImportCandidate[] = [];
  for (const root of roots) {
    const label = path.relative(dir, root) || path.basename(root);
    try {
      out.push(await parseOne(root, `${label}/`));
    } catch (err) {
      const e = err instanceof ImportParseError ? { key: err.key, params: err.params } : { key: "errors.invalidProblemFile", params: { name: label } };
      out.push({ label: `${label}/`, problem: {}, dir: path.join(root, "testdata"), warnings: [], error: e });
    }
  }
  return out;
}
