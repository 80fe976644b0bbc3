import { existsSync } from "node:fs";
import { copyFile, link, mkdir, readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { JudgeCaseMode, JudgeMode, ProblemType } from "~/lib/constants";
import { DEFAULT_PROBLEM_LANGUAGES } from "~/lib/languages";
import { naturalCompare } from "~/lib/testcase-rules";
import { availableLanguages } from "../../judging/queue.server";
import { latexToMarkdown } from "../package/latex.server";
import { languageForFile, type Expectation, type PackageProgram } from "../package/programs.server";
import { judgePrograms, validateInputs, type InputFile, type InputValidator } from "../package/steps.server";
import { isSafeFileName } from "../testdata.server";
import {
  asRecord,
  asString,
  EMBEDDED_IMAGE_MAX_BYTES,
  filesIn,
  imageMime,
  imageMimeOf,
  ImportParseError,
  problemRoots,
  readSmallText,
  spjLanguageOf,
  subfolders,
  type ImportCandidate,
  type ImportMessage,
} from "./common.server";
import { parseHydroMarkdown } from "./hydro.server";

// The ICPC (Kattis) problem package format, legacy version as most packages use it (and the
// Markdown statements of the newer one): problem.yaml, problem_statement/, data/sample and
// data/secret with nested groups and testdata.yaml, output_validators/ (run as our special judge
// speaking the format's protocol), input_validators/ (run over every input before anything is
// stored), attachments/, and submissions/ judged once the problem is stored.

/** Folders of submissions/ and the verdict each promises. */
const SUBMISSION_FOLDERS: Record<string, Expectation> = {
  accepted: "accepted",
  partially_accepted: "partially_accepted",
  wrong_answer: "wrong_answer",
  time_limit_exceeded: "time_limit_exceeded",
  run_time_error: "run_time_error",
};

/** Limits while the accepted submissions show how fast the problem can be solved. */
const PROVISIONAL_TIME_MS = 10_000;
const ATTACHMENT_TEXT_MAX = 64 * 1024;
const SOURCE_MAX = 1024 * 1024;
const VALIDATOR_SOURCES = [".c", ".cc", ".cpp", ".cxx", ".c++"];
const HEADERS = [".h", ".hpp", ".hh", ".hxx"];

interface TestGroup {
  /** Path under data/ ("secret/group1"). */
  rel: string;
  config: Record<string, unknown>;
}

interface KattisCase {
  input: string;
  output: string;
  /** Path under data/ of the input ("secret/group1/01.in"). */
  rel: string;
  /** Top-level group under secret ("" for cases directly in secret/, "sample" for samples). */
  group: string;
  config: Record<string, unknown>;
}

function words(v: unknown): string[] {
  return asString(v).split(/\s+/).filter(Boolean);
}

/** testdata.yaml of each folder under data/, inherited from the closest ancestor that has one. */
async function collectCases(dataDir: string, rel: string, inherited: Record<string, unknown>, out: KattisCase[], groups: TestGroup[]): Promise<void> {
  const dir = path.join(dataDir, rel);
  const own = await readSmallText(path.join(dir, "testdata.yaml"));
  const config = own !== null ? asRecord(parseYaml(own) as unknown) : inherited;
  groups.push({ rel, config });
  const files = (await filesIn(dir)).sort(naturalCompare);
  const top = rel.split("/")[0] === "sample" ? "sample" : (rel.split("/")[1] ?? "");
  for (const f of files.filter((n) => n.endsWith(".in"))) {
    const stem = f.slice(0, -3);
    const answer = `${stem}.ans`;
    if (!files.includes(answer)) throw new ImportParseError("import.errors.answerMissing", { name: `data/${rel}/${f}` });
    out.push({ input: `${rel}/${f}`, output: `${rel}/${answer}`, rel: `${rel}/${f}`, group: top, config });
  }
  for (const sub of (await subfolders(dir)).sort(naturalCompare)) await collectCases(dataDir, `${rel}/${sub}`, config, out, groups);
}

/** A flat, safe file name for a case file (the judge's data sets have no folders). */
function flatName(rel: string, taken: Set<string>): string {
  let name = rel.replace(/\//g, "-");
  if (!isSafeFileName(name)) name = name.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^[^A-Za-z0-9]+/, "c").slice(-120);
  const dot = name.lastIndexOf(".");
  for (let i = 2; taken.has(name) || !isSafeFileName(name); i++) name = `${name.slice(0, dot)}_${i}${name.slice(dot)}`;
  taken.add(name);
  return name;
}

async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

function dataUrlReader(dir: string, warnings: ImportMessage[]) {
  return async (name: string): Promise<string | null> => {
    const p = path.join(dir, name);
    if (path.relative(dir, p).startsWith("..") || !existsSync(p) || !imageMimeOf(name)) return null;
    if ((await stat(p)).size > EMBEDDED_IMAGE_MAX_BYTES) {
      warnings.push({ key: "import.warnings.fileNotEmbedded", params: { name } });
      return null;
    }
    const data = await readFile(p);
    return `data:${imageMime(name, data)};base64,${data.toString("base64")}`;
  };
}

/** The statement: Markdown as it is, LaTeX converted; Chinese first, then English, then any. */
async function readStatement(root: string, warnings: ImportMessage[]): Promise<{ markdown: string; title: string }> {
  const dir = [path.join(root, "problem_statement"), path.join(root, "statement")].find((d) => existsSync(d));
  if (!dir) return { markdown: "", title: "" };
  const files = await filesIn(dir);
  const rank = (f: string) => {
    const m = /^problem(?:\.([A-Za-z-]+))?\.(md|tex)$/.exec(f);
    if (!m) return -1;
    const lang = (m[1] ?? "en").toLowerCase();
    return (lang.startsWith("zh") ? 30 : lang === "en" ? 20 : 10) + (m[2] === "md" ? 1 : 0);
  };
  const pick = files.filter((f) => rank(f) >= 0).sort((a, b) => rank(b) - rank(a))[0];
  if (!pick) {
    if (files.some((f) => f.endsWith(".pdf"))) warnings.push({ key: "import.warnings.pdfStatement" });
    return { markdown: "", title: "" };
  }
  const text = (await readSmallText(path.join(dir, pick))) ?? "";
  const readImage = dataUrlReader(dir, warnings);
  const images = new Map<string, string | null>();
  for (const f of files) if (imageMimeOf(f)) images.set(f, await readImage(f));
  if (pick.endsWith(".md")) {
    let md = text;
    for (const [name, url] of images) if (url) md = md.split(`](${name})`).join(`](${url})`);
    const title = /^#\s+(.+)$/m.exec(md)?.[1]?.trim() ?? "";
    return { markdown: title ? md.replace(/^#\s+.+$/m, "") : md, title };
  }
  const converted = latexToMarkdown(text, { image: (n) => images.get(n) ?? null });
  if (converted.dropped.length) warnings.push({ key: "import.warnings.latexDropped", params: { items: converted.dropped.slice(0, 30).join(", ") } });
  return { markdown: converted.markdown, title: converted.title };
}

/** A program of the package: a file, or a folder of files with one source among them. */
async function readProgram(p: string): Promise<{ main: string; code: string; extra: Array<{ name: string; content: string }>; scripted: boolean } | null> {
  const st = await stat(p);
  if (st.isFile()) {
    const code = await readSmallText(p, SOURCE_MAX);
    return code === null ? null : { main: path.basename(p), code, extra: [], scripted: false };
  }
  const files = await filesIn(p);
  const sources = files.filter((f) => [...VALIDATOR_SOURCES, ".py", ".java"].includes(path.extname(f).toLowerCase()));
  if (sources.length !== 1) return null;
  const extra: Array<{ name: string; content: string }> = [];
  for (const f of files) {
    if (f === sources[0] || !HEADERS.includes(path.extname(f).toLowerCase())) continue;
    extra.push({ name: f, content: (await readSmallText(path.join(p, f), SOURCE_MAX)) ?? "" });
  }
  return { main: sources[0], code: (await readSmallText(path.join(p, sources[0]), SOURCE_MAX)) ?? "", extra, scripted: files.includes("run") };
}

async function entries(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort(naturalCompare);
  } catch {
    return [];
  }
}

async function inputValidators(root: string, offered: ReadonlySet<string>, warnings: ImportMessage[]): Promise<InputValidator[]> {
  const out: InputValidator[] = [];
  for (const folder of ["input_validators", "input_format_validators"]) {
    for (const name of await entries(path.join(root, folder))) {
      const prog = await readProgram(path.join(root, folder, name));
      const ext = prog ? path.extname(prog.main).toLowerCase() : "";
      if (prog && VALIDATOR_SOURCES.includes(ext)) {
        out.push({ name: `${folder}/${name}`, language: spjLanguageOf(prog.main) ?? "C++", code: prog.code, testlib: true, extraFiles: prog.extra, validExit: 42 });
        continue;
      }
      const language = prog ? languageForFile(prog.main, prog.code, offered) : null;
      if (prog && language) out.push({ name: `${folder}/${name}`, language, code: prog.code, testlib: false, extraFiles: [], validExit: 42 });
      else warnings.push({ key: "import.warnings.validatorNotRun", params: { name: `${folder}/${name}` } });
    }
  }
  return out;
}

async function submissions(root: string, offered: ReadonlySet<string>, warnings: ImportMessage[]): Promise<PackageProgram[]> {
  const out: PackageProgram[] = [];
  for (const folder of await entries(path.join(root, "submissions"))) {
    const expect = SUBMISSION_FOLDERS[folder];
    if (!expect) {
      warnings.push({ key: "import.warnings.submissionFolderUnknown", params: { name: folder } });
      continue;
    }
    for (const name of await entries(path.join(root, "submissions", folder))) {
      const p = path.join(root, "submissions", folder, name);
      const label = `submissions/${folder}/${name}`;
      const prog = (await stat(p)).isFile() ? await readProgram(p) : null;
      if (!prog) {
        warnings.push({ key: "import.warnings.programNotJudged", params: { name: label } });
        continue;
      }
      out.push({ label, group: folder, expect, language: languageForFile(prog.main, prog.code, offered), code: prog.code });
    }
  }
  return out;
}

/** Attachments: images and short text files go below the statement; the rest is named as dropped. */
async function attachments(root: string, warnings: ImportMessage[]): Promise<string> {
  const dir = path.join(root, "attachments");
  const parts: string[] = [];
  const readImage = dataUrlReader(dir, warnings);
  for (const name of (await filesIn(dir)).sort(naturalCompare)) {
    const image = await readImage(name);
    if (image) {
      parts.push(`**${name}**\n\n![${name}](${image})`);
      continue;
    }
    const size = (await stat(path.join(dir, name))).size;
    const data = size <= ATTACHMENT_TEXT_MAX ? await readFile(path.join(dir, name)) : null;
    if (data && !data.includes(0)) {
      parts.push(`**${name}**\n\n\`\`\`\n${data.toString("utf8").replace(/\n$/, "")}\n\`\`\``);
    } else {
      warnings.push({ key: "import.warnings.attachmentDropped", params: { name } });
    }
  }
  return parts.length ? `### Attachments\n\n${parts.join("\n\n")}` : "";
}

/** Seconds in a `.timelimit` / `timelimit` file (problemtools, DOMjudge) or `limits.time_limit`. */
async function explicitTimeLimit(root: string, limits: Record<string, unknown>): Promise<number | null> {
  for (const f of [".timelimit", "timelimit"]) {
    const text = await readSmallText(path.join(root, f));
    const n = Number(text?.trim());
    if (text !== null && Number.isFinite(n) && n > 0) return Math.round(n * 1000);
  }
  const t = Number(limits.time_limit);
  return Number.isFinite(t) && t > 0 ? Math.round(t * 1000) : null;
}

async function parseOne(root: string, label: string, work: string, offered: ReadonlySet<string>, packageName: string): Promise<ImportCandidate> {
  const warnings: ImportMessage[] = [];
  const dir = path.join(work, "cases", String(Math.random()).slice(2));
  await mkdir(dir, { recursive: true });
  const candidate: ImportCandidate = { label, problem: {}, dir, warnings };
  const meta = asRecord(parseYaml((await readSmallText(path.join(root, "problem.yaml"))) ?? "") as unknown);
  const limits = asRecord(meta.limits);
  const validation = words(meta.validation || "default");
  const scoring = asString(meta.type) === "scoring";
  const interactive = validation[0] === "custom" && validation.includes("interactive");

  const statement = await readStatement(root, warnings);
  const parts = parseHydroMarkdown(statement.markdown);
  const name = typeof meta.name === "string" ? meta.name : asString(asRecord(meta.name).zh || asRecord(meta.name).en || Object.values(asRecord(meta.name))[0]);

  // Test data: samples first, then the secret groups in order.
  const dataDir = path.join(root, "data");
  const cases: KattisCase[] = [];
  const groups: TestGroup[] = [];
  const rootConfig = asRecord(parseYaml((await readSmallText(path.join(dataDir, "testdata.yaml"))) ?? "") as unknown);
  for (const top of ["sample", "secret"]) if (existsSync(path.join(dataDir, top))) await collectCases(dataDir, top, rootConfig, cases, groups);
  const secret = cases.filter((c) => c.group !== "sample");
  if (secret.length === 0) throw new ImportParseError("import.errors.noSecretData");

  const examples: Array<{ input: string; output: string }> = [];
  const interactions: string[] = [];
  if (!interactive) {
    for (const c of cases.filter((x) => x.group === "sample")) {
      examples.push({ input: (await readSmallText(path.join(dataDir, c.input))) ?? "", output: (await readSmallText(path.join(dataDir, c.output))) ?? "" });
    }
  }
  for (const f of (await filesIn(path.join(dataDir, "sample"))).filter((n) => n.endsWith(".interaction")).sort(naturalCompare)) {
    interactions.push(`\`\`\`\n${((await readSmallText(path.join(dataDir, "sample", f))) ?? "").replace(/\n$/, "")}\n\`\`\``);
  }

  // Cases and their scores: groups of secret/ become subtasks where the format scores by group.
  const taken = new Set<string>();
  const topGroups = [...new Set(secret.map((c) => c.group))];
  const flags = (c: KattisCase) => words(c.config.grader_flags);
  let judgeCaseMode: string = JudgeCaseMode.DEFAULT;
  if (scoring && secret.some((c) => flags(c).includes("min"))) {
    judgeCaseMode = JudgeCaseMode.SUBTASK_LOWEST;
    if (secret.some((c) => !flags(c).includes("min"))) warnings.push({ key: "import.warnings.scoringMixed" });
  }
  const ourCases: Array<Record<string, unknown>> = [];
  for (const c of cases) {
    const input = flatName(c.input, taken);
    const output = flatName(c.output, taken);
    await linkOrCopy(path.join(dataDir, c.input), path.join(dir, input));
    await linkOrCopy(path.join(dataDir, c.output), path.join(dir, output));
    const accept = Number(c.config.accept_score ?? 1);
    const score = !scoring || c.group === "sample" ? 0 : Math.max(0, Math.round(Number.isFinite(accept) ? accept : 1));
    const groupNum = c.group === "sample" ? topGroups.length + 1 : topGroups.indexOf(c.group) + 1;
    ourCases.push({ input, output, score: scoring ? score : undefined, groupNum: judgeCaseMode === JudgeCaseMode.DEFAULT ? 0 : groupNum });
  }

  // The checker: an output validator speaking the format's protocol, or our own export of a testlib one.
  let judgeMode: string = JudgeMode.DEFAULT;
  let spjCode = "";
  let spjLanguage = "C++";
  let spjProtocol = "testlib";
  let judgeExtraFile: Array<{ name: string; content: string }> = [];
  if (validation[0] === "custom") {
    const names = await entries(path.join(root, "output_validators"));
    if (names.length !== 1) throw new ImportParseError("import.errors.outputValidatorCount", { count: names.length });
    const prog = await readProgram(path.join(root, "output_validators", names[0]));
    const lang = prog ? spjLanguageOf(prog.main) : null;
    if (!prog || !lang) throw new ImportParseError("import.errors.outputValidatorLanguage", { name: `output_validators/${names[0]}` });
    judgeMode = interactive ? JudgeMode.INTERACTIVE : JudgeMode.SPJ;
    spjCode = prog.code;
    spjLanguage = lang;
    // A folder with a run script around a testlib source is how testlib checkers travel (our export).
    spjProtocol = prog.scripted && /#include\s*[<"]testlib\.h[>"]/.test(prog.code) ? "testlib" : "kattis";
    judgeExtraFile = prog.extra.filter((f) => !(spjProtocol === "testlib" && f.name === "testlib.h"));
    if (words(meta.validator_flags).length) warnings.push({ key: "import.warnings.validatorFlagsDropped", params: { flags: asString(meta.validator_flags) } });
  } else if (words(meta.validator_flags).length) {
    warnings.push({ key: "import.warnings.validatorFlagsDropped", params: { flags: asString(meta.validator_flags) } });
  }
  if (existsSync(path.join(root, "include"))) warnings.push({ key: "import.warnings.includeDropped" });
  if (existsSync(path.join(root, "graders"))) warnings.push({ key: "import.warnings.gradersDropped" });

  const fixedTime = await explicitTimeLimit(root, limits);
  const multiplier = Number(limits.time_multiplier ?? 5);
  const memory = Number(limits.memory);
  const extraHint = [parts.hint, interactions.length ? `### Sample interaction\n\n${interactions.join("\n\n")}` : "", await attachments(root, warnings)].filter(Boolean).join("\n\n");

  candidate.problem = {
    problemId: packageName,
    title: name || statement.title || packageName || "Problem",
    author: asString(meta.author).slice(0, 64),
    description: parts.description,
    input: parts.input,
    output: parts.output,
    hint: extraHint,
    source: asString(meta.source).slice(0, 1000),
    examples,
    type: scoring ? ProblemType.OI : ProblemType.ACM,
    timeLimit: fixedTime ?? PROVISIONAL_TIME_MS,
    memoryLimit: Number.isFinite(memory) && memory > 0 ? Math.ceil(memory) : undefined,
    judgeMode,
    spjCode,
    spjLanguage,
    spjProtocol,
    judgeCaseMode,
    isUploadCase: true,
    cases: ourCases,
    languages: DEFAULT_PROBLEM_LANGUAGES,
    newTags: words(meta.keywords).slice(0, 30),
    judgeExtraFile,
  };

  const validators = await inputValidators(root, offered, warnings);
  if (validators.length === 0) warnings.push({ key: "import.warnings.noInputValidator" });
  const programs = await submissions(root, offered, warnings);
  const inputs: InputFile[] = cases.map((c) => ({
    name: ourCases[cases.indexOf(c)].input as string,
    path: path.join(dataDir, c.input),
    label: `data/${c.rel}`,
    args: words(typeof c.config.input_validator_flags === "string" ? c.config.input_validator_flags : ""),
  }));
  candidate.prepare = (step) => validateInputs(validators, inputs, step);
  candidate.verify = (doc, step, w) =>
    judgePrograms(doc, programs, step, w, fixedTime === null ? { multiplier: Number.isFinite(multiplier) && multiplier > 0 ? multiplier : 5, provisionalMs: PROVISIONAL_TIME_MS } : null);
  return candidate;
}

export async function parseKattisArchive(dir: string, work: string): Promise<ImportCandidate[]> {
  const roots = await problemRoots(dir, "problem.yaml");
  if (roots.length === 0) throw new ImportParseError("errors.noProblemsFound");
  const offered = await availableLanguages();
  const out: ImportCandidate[] = [];
  for (const root of roots) {
    const label = `${path.relative(dir, root) || path.basename(root)}/`;
    try {
      // The package's folder names it (a package zipped without its folder has no name: a numeric id).
      const packageName = root === dir ? "" : path.basename(root).replace(/[^A-Za-z0-9_.-]/g, "").replace(/^[^A-Za-z0-9]+/, "").slice(0, 50);
      out.push(await parseOne(root, label, work, offered, packageName));
    } catch (err) {
      const e = err instanceof ImportParseError ? { key: err.key, params: err.params } : { key: "errors.invalidProblemFile", params: { name: label } };
      out.push({ label, problem: {}, dir: root, warnings: [], error: e });
    }
  }
  return out;
}
