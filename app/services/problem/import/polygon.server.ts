import { existsSync } from "node:fs";
import { copyFile, mkdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { JudgeCaseMode, JudgeMode, ProblemType } from "~/lib/constants";
import { DEFAULT_PROBLEM_LANGUAGES } from "~/lib/languages";
import { availableLanguages } from "../../judging/queue.server";
import { latexToMarkdown } from "../package/latex.server";
import { languageForPolygonType, type Expectation, type PackageProgram } from "../package/programs.server";
import { judgePrograms, produceOutputs, validateInputs, withDataSet, type InputFile, type InputValidator, type Step } from "../package/steps.server";
import { child, childrenOf, parseXml, type XmlElement } from "../package/xml.server";
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
  type ImportCandidate,
  type ImportMessage,
} from "./common.server";

// Polygon's problem packages: problem.xml (names, the testset's limits and tests, files and assets),
// statements (problem-properties.json or statement-sections/), files/ with the checker, validators,
// interactor and generators (C++ with testlib), solutions/ with their tags. Generated tests are built
// on a judge: each generator compiled and run with its script's arguments in the sandbox, every
// input checked by the validators, every answer made by the main solution (beside the interactor
// for interactive problems). Then the tagged solutions are judged against their tags.

const TAGS: Record<string, Expectation> = {
  main: "main",
  ma: "main",
  accepted: "accepted",
  ok: "accepted",
  rejected: "rejected",
  rj: "rejected",
  "wrong-answer": "wrong_answer",
  wa: "wrong_answer",
  "time-limit-exceeded": "time_limit_exceeded",
  tl: "time_limit_exceeded",
  "time-limit-exceeded-or-accepted": "time_limit_exceeded_or_accepted",
  to: "time_limit_exceeded_or_accepted",
  "time-limit-exceeded-or-memory-limit-exceeded": "time_limit_exceeded_or_memory_limit_exceeded",
  tm: "time_limit_exceeded_or_memory_limit_exceeded",
  "memory-limit-exceeded": "memory_limit_exceeded",
  ml: "memory_limit_exceeded",
  "presentation-error": "presentation_error",
  pe: "presentation_error",
  failed: "run_time_error",
  "runtime-error": "run_time_error",
  re: "run_time_error",
};

const LANGUAGE_ORDER = ["chinese", "english"];
const SOURCE_MAX = 1024 * 1024;

interface PolygonTest {
  index: number;
  method: "manual" | "generated";
  cmd: string;
  sample: boolean;
  group: string;
  points: number | null;
}

/** `gen -n 10 "a b"` as arguments, with the shell's simple quoting. */
export function splitCommand(cmd: string): string[] {
  const out: string[] = [];
  const re = /"((?:\\.|[^"\\])*)"|'([^']*)'|(\S+)/g;
  for (const m of cmd.matchAll(re)) out.push(m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : (m[2] ?? m[3]));
  return out;
}

/** Polygon's path patterns: `tests/%02d`. */
function formatPattern(pattern: string, n: number): string {
  return pattern.replace(/%0?(\d*)d/, (_, w: string) => String(n).padStart(Number(w || "0"), "0"));
}

function inside(root: string, rel: string): string {
  const p = path.resolve(root, rel);
  if (!p.startsWith(path.resolve(root) + path.sep)) throw new ImportParseError("import.errors.polygonFileMissing", { name: rel });
  return p;
}

async function source(root: string, el: XmlElement | undefined, what: string): Promise<{ path: string; code: string; type: string } | null> {
  const s = el?.name === "source" ? el : child(el, "source");
  if (!s?.attrs.path) return null;
  const code = await readSmallText(inside(root, s.attrs.path), SOURCE_MAX);
  if (code === null) throw new ImportParseError("import.errors.polygonFileMissing", { name: `${what}: ${s.attrs.path}` });
  return { path: s.attrs.path, code, type: s.attrs.type ?? "" };
}

/** Headers of files/ (not testlib.h: ours, compatible, is given to every testlib program). */
async function headers(root: string): Promise<Array<{ name: string; content: string }>> {
  const out: Array<{ name: string; content: string }> = [];
  for (const f of await filesIn(path.join(root, "files"))) {
    if (!/\.(h|hpp|hh)$/i.test(f) || f.toLowerCase() === "testlib.h") continue;
    out.push({ name: f, content: (await readSmallText(path.join(root, "files", f), SOURCE_MAX)) ?? "" });
  }
  return out;
}

/** The statement of one language: problem-properties.json, else statement-sections/. */
async function statementOf(root: string, lang: string, warnings: ImportMessage[]) {
  const sectionsDir = path.join(root, "statement-sections", lang);
  const propsPath = path.join(root, "statements", lang, "problem-properties.json");
  const dir = existsSync(propsPath) ? path.dirname(propsPath) : sectionsDir;
  const sections: Record<string, string> = {};
  const props = await readSmallText(propsPath);
  if (props !== null) {
    const o = asRecord(JSON.parse(props) as unknown);
    for (const k of ["name", "legend", "input", "output", "notes", "interaction", "scoring"]) sections[k] = asString(o[k]);
  } else {
    for (const k of ["name", "legend", "input", "output", "notes", "interaction", "scoring"]) sections[k] = (await readSmallText(path.join(sectionsDir, `${k}.tex`))) ?? "";
  }
  const images = new Map<string, string | null>();
  for (const f of await filesIn(dir)) {
    if (!imageMimeOf(f)) continue;
    const p = path.join(dir, f);
    if ((await stat(p)).size > EMBEDDED_IMAGE_MAX_BYTES) {
      warnings.push({ key: "import.warnings.fileNotEmbedded", params: { name: f } });
      continue;
    }
    const data = await readFile(p);
    images.set(f, `data:${imageMime(f, data)};base64,${data.toString("base64")}`);
  }
  const dropped = new Set<string>();
  const md = (k: string) => {
    if (!sections[k]?.trim()) return "";
    const r = latexToMarkdown(sections[k], { image: (n) => images.get(n) ?? null });
    r.dropped.forEach((d) => dropped.add(d));
    return r.markdown;
  };
  const out = {
    name: sections.name.trim(),
    description: md("legend"),
    input: [md("input"), sections.interaction?.trim() ? `### Interaction\n\n${md("interaction")}` : ""].filter(Boolean).join("\n\n"),
    output: md("output"),
    hint: [md("notes"), sections.scoring?.trim() ? `### Scoring\n\n${md("scoring")}` : ""].filter(Boolean).join("\n\n"),
  };
  if (dropped.size) warnings.push({ key: "import.warnings.latexDropped", params: { items: [...dropped].slice(0, 30).join(", ") } });
  return out;
}

function pickLanguage(langs: string[]): string | null {
  for (const l of LANGUAGE_ORDER) if (langs.includes(l)) return l;
  return langs[0] ?? null;
}

async function parseOne(root: string, label: string, work: string, offered: ReadonlySet<string>): Promise<ImportCandidate> {
  const warnings: ImportMessage[] = [];
  const dir = path.join(work, "cases", String(Math.random()).slice(2));
  await mkdir(dir, { recursive: true });
  const candidate: ImportCandidate = { label, problem: {}, dir, warnings };
  let doc: XmlElement;
  try {
    doc = parseXml((await readSmallText(path.join(root, "problem.xml"))) ?? "");
  } catch (err) {
    throw new ImportParseError("import.errors.polygonXml", { message: String((err as Error).message).slice(0, 300) });
  }
  const problem = child(doc, "problem");
  if (!problem) throw new ImportParseError("import.errors.polygonXml", { message: "no <problem>" });

  const names = childrenOf(child(problem, "names"), "name").map((n) => ({ lang: n.attrs.language ?? "", value: n.attrs.value ?? "" }));
  const statementLangs = [
    ...new Set([...childrenOf(child(problem, "statements"), "statement").map((s) => s.attrs.language ?? ""), ...names.map((n) => n.lang)]),
  ].filter((l) => l && (existsSync(path.join(root, "statements", l, "problem-properties.json")) || existsSync(path.join(root, "statement-sections", l))));
  const lang = pickLanguage(statementLangs);
  const statement = lang ? await statementOf(root, lang, warnings) : null;
  if (!statement) warnings.push({ key: "import.warnings.noStatement" });
  const title = names.find((n) => n.lang === lang)?.value || statement?.name || names[0]?.value || asString(problem.attrs["short-name"]);

  // The testset judged: "tests", else the first.
  const judging = child(problem, "judging");
  const testsets = childrenOf(judging, "testset");
  const testset = testsets.find((t) => t.attrs.name === "tests") ?? testsets[0];
  if (!testset) throw new ImportParseError("import.errors.polygonNoTests");
  const timeLimit = Number(child(testset, "time-limit")?.text.trim());
  const memoryBytes = Number(child(testset, "memory-limit")?.text.trim());
  const inputPattern = child(testset, "input-path-pattern")?.text.trim() || "tests/%02d";
  const tests: PolygonTest[] = childrenOf(child(testset, "tests"), "test").map((t, i) => ({
    index: i + 1,
    method: t.attrs.method === "generated" ? "generated" : "manual",
    cmd: t.attrs.cmd ?? "",
    sample: t.attrs.sample === "true",
    group: t.attrs.group ?? "",
    points: t.attrs.points !== undefined && t.attrs.points !== "" ? Number(t.attrs.points) : null,
  }));
  if (tests.length === 0) throw new ImportParseError("import.errors.polygonNoTests");
  for (const t of childrenOf(child(testset, "tests"), "test")) {
    if (t.attrs["from-file"]) throw new ImportParseError("import.errors.polygonMultigen", { test: childrenOf(child(testset, "tests"), "test").indexOf(t) + 1 });
  }
  const groupPolicies = new Map(childrenOf(child(testset, "groups"), "group").map((g) => [g.attrs.name ?? "", { points: Number(g.attrs.points ?? "0"), policy: g.attrs["points-policy"] ?? "each-test" }]));

  // Scores: groups scored as a whole are subtasks; points per test are summed.
  const scored = tests.some((t) => (t.points ?? 0) > 0) || [...groupPolicies.values()].some((g) => g.points > 0);
  const wholeGroups = [...groupPolicies.values()].some((g) => g.policy === "complete-group");
  const judgeCaseMode = scored && wholeGroups ? JudgeCaseMode.SUBTASK_LOWEST : JudgeCaseMode.DEFAULT;
  if (judgeCaseMode === JudgeCaseMode.SUBTASK_LOWEST && [...groupPolicies.values()].some((g) => g.policy !== "complete-group")) warnings.push({ key: "import.warnings.scoringMixed" });
  const groupNames = [...new Set(tests.map((t) => t.group))];
  const pad = String(tests.length).length < 2 ? 2 : String(tests.length).length;
  const caseName = (t: PolygonTest) => String(t.index).padStart(pad, "0");
  const cases = tests.map((t) => {
    const g = groupPolicies.get(t.group);
    const score = !scored ? undefined : judgeCaseMode === JudgeCaseMode.SUBTASK_LOWEST ? (g && g.policy === "complete-group" ? g.points : (t.points ?? 0)) : (t.points ?? 0);
    return { input: `${caseName(t)}.in`, output: `${caseName(t)}.ans`, score, groupNum: judgeCaseMode === JudgeCaseMode.DEFAULT ? 0 : groupNames.indexOf(t.group) + 1 };
  });

  // Programs: generators by name, the checker, the interactor, validators and solutions.
  const extra = await headers(root);
  const generators = new Map<string, { path: string; code: string }>();
  for (const e of childrenOf(child(problem, "files/executables"), "executable")) {
    const s = await source(root, e, "executable");
    if (s) generators.set(path.basename(s.path).replace(/\.[^.]+$/, ""), s);
  }
  const assets = child(problem, "assets");
  const checker = await source(root, child(assets, "checker"), "checker");
  const interactor = await source(root, child(assets, "interactor"), "interactor");
  const validators: InputValidator[] = [];
  for (const v of childrenOf(child(assets, "validators"), "validator")) {
    const s = await source(root, v, "validator");
    if (s) validators.push({ name: s.path, language: spjLanguageOf(s.path) ?? "C++", code: s.code, testlib: true, extraFiles: extra, validExit: 0 });
  }
  if (validators.length === 0) warnings.push({ key: "import.warnings.noInputValidator" });
  const programs: PackageProgram[] = [];
  let main: { path: string; code: string; language: string | null } | null = null;
  for (const s of childrenOf(child(assets, "solutions"), "solution")) {
    const src = await source(root, s, "solution");
    if (!src) continue;
    const tag = (s.attrs.tag ?? "").toLowerCase();
    const language = languageForPolygonType(src.type, src.path, src.code, offered);
    if (TAGS[tag] === "main" && !main) main = { path: src.path, code: src.code, language };
    if (!TAGS[tag]) {
      warnings.push({ key: "import.warnings.solutionTagUnknown", params: { name: src.path, tag } });
      continue;
    }
    programs.push({ label: src.path, group: s.attrs.tag ?? tag, expect: TAGS[tag], language, code: src.code });
  }
  if (!main) throw new ImportParseError("import.errors.polygonNoMain");
  if (!main.language) throw new ImportParseError("import.errors.mainSolutionLanguage", { name: main.path });

  const isInteractive = !!interactor;
  const inputFile = judging?.attrs["input-file"] ?? "";
  const outputFile = judging?.attrs["output-file"] ?? "";
  const tags = childrenOf(child(problem, "tags"), "tag").map((t) => t.attrs.value ?? "").filter(Boolean);
  candidate.problem = {
    problemId: asString(problem.attrs["short-name"]).replace(/[^A-Za-z0-9_.-]/g, "").replace(/^[^A-Za-z0-9]+/, "").slice(0, 50),
    title: title || "Problem",
    description: statement?.description ?? "",
    input: statement?.input ?? "",
    output: statement?.output ?? "",
    hint: statement?.hint ?? "",
    examples: [],
    type: scored ? ProblemType.OI : ProblemType.ACM,
    timeLimit: Number.isFinite(timeLimit) && timeLimit > 0 ? Math.round(timeLimit) : undefined,
    memoryLimit: Number.isFinite(memoryBytes) && memoryBytes > 0 ? Math.ceil(memoryBytes / (1024 * 1024)) : undefined,
    judgeMode: isInteractive ? JudgeMode.INTERACTIVE : checker ? JudgeMode.SPJ : JudgeMode.DEFAULT,
    spjCode: isInteractive ? interactor.code : (checker?.code ?? ""),
    spjLanguage: spjLanguageOf((isInteractive ? interactor : checker)?.path ?? "x.cpp") ?? "C++",
    spjProtocol: "testlib",
    judgeExtraFile: extra,
    judgeCaseMode,
    isUploadCase: true,
    cases,
    languages: DEFAULT_PROBLEM_LANGUAGES,
    newTags: tags.slice(0, 30),
    isFileIO: !!(inputFile && outputFile && inputFile !== "stdin"),
    ioReadFileName: inputFile && inputFile !== "stdin" ? inputFile : "",
    ioWriteFileName: outputFile && outputFile !== "stdout" ? outputFile : "",
  };

  const mainProgram = { name: main.path, language: main.language, code: main.code, testlib: false, extraFiles: [] };
  candidate.prepare = async (step: Step) => {
    // Manual tests from tests/, generated ones from their generators, one generator at a time.
    const byGenerator = new Map<string, PolygonTest[]>();
    for (const t of tests) {
      if (t.method === "manual") {
        const from = inside(root, formatPattern(inputPattern, t.index));
        if (!existsSync(from)) throw new ImportParseError("import.errors.polygonFileMissing", { name: formatPattern(inputPattern, t.index) });
        await copyFile(from, path.join(dir, `${caseName(t)}.in`));
        continue;
      }
      const name = splitCommand(t.cmd)[0] ?? "";
      if (!generators.has(name)) throw new ImportParseError("import.errors.generatorMissing", { test: t.index, name });
      byGenerator.set(name, [...(byGenerator.get(name) ?? []), t]);
    }
    for (const [name, list] of byGenerator) {
      const gen = generators.get(name)!;
      await step({ key: "import.steps.generating", params: { name: gen.path, count: list.length } });
      await produceOutputs(
        { name: gen.path, language: spjLanguageOf(gen.path) ?? "C++", code: gen.code, testlib: true, extraFiles: extra },
        list.map((t) => ({ args: splitCommand(t.cmd).slice(1), stdin: null, target: path.join(dir, `${caseName(t)}.in`), label: `${t.index} (${t.cmd})` })),
        null,
        "import.errors.generatorFailed",
      );
    }
    const inputs: InputFile[] = tests.map((t) => ({
      name: `${caseName(t)}.in`,
      path: path.join(dir, `${caseName(t)}.in`),
      label: String(t.index),
      args: ["--testset", testset.attrs.name ?? "tests", ...(t.group ? ["--group", t.group] : [])],
    }));
    await validateInputs(validators, inputs, step);
    await step({ key: "import.steps.answers", params: { name: main.path, count: tests.length } });
    await withDataSet(inputs, (hash) =>
      produceOutputs(
        mainProgram,
        tests.map((t) => ({ args: [], stdin: { testData: hash, name: `${caseName(t)}.in` }, target: path.join(dir, `${caseName(t)}.ans`), label: String(t.index) })),
        isInteractive ? { language: candidate.problem.spjLanguage as string, code: interactor.code, extraFiles: extra } : null,
        "import.errors.mainSolutionFailed",
      ),
    );
    const examples: Array<{ input: string; output: string }> = [];
    for (const t of tests.filter((x) => x.sample)) {
      examples.push({ input: await readFile(path.join(dir, `${caseName(t)}.in`), "utf8"), output: isInteractive ? "" : await readFile(path.join(dir, `${caseName(t)}.ans`), "utf8") });
    }
    candidate.problem = { ...candidate.problem, examples: examples.slice(0, 20) };
  };
  candidate.verify = (stored, step, w) => judgePrograms(stored, programs, step, w, null);
  return candidate;
}

export async function parsePolygonArchive(dir: string, work: string): Promise<ImportCandidate[]> {
  const roots = await problemRoots(dir, "problem.xml");
  if (roots.length === 0) throw new ImportParseError("errors.noProblemsFound");
  const offered = await availableLanguages();
  const out: ImportCandidate[] = [];
  for (const root of roots) {
    const label = `${path.relative(dir, root) || path.basename(root)}/`;
    try {
      out.push(await parseOne(root, label, work, offered));
    } catch (err) {
      const e = err instanceof ImportParseError ? { key: err.key, params: err.params } : { key: "errors.invalidProblemFile", params: { name: label } };
      out.push({ label, problem: {}, dir: root, warnings: [], error: e });
    }
  }
  return out;
}
