import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { JudgeMode, ProblemType } from "~/lib/constants";
import { DEFAULT_PROBLEM_LANGUAGES, languageInfo } from "~/lib/languages";
import { distributeScores, pairTestFiles } from "~/lib/testcase-rules";
import { asRecord, asString, filesIn, ImportParseError, problemRoots, readSmallText, type ImportCandidate, type ImportMessage } from "./common.server";

// QDUOJ's problem export: problem.json (display_id, title, description/input_description/
// output_description/hint as {format, value}, samples, time_limit, memory_limit, rule_type,
// test_case_score, spj {language, code}, template, tags, source) and testcase/ with the files.

const QDUOJ_LANGS: Record<string, string> = {
  C: "C",
  "C++": "C++",
  Java: "Java",
  Python2: "Python2",
  Python3: "Python3",
  Golang: "Golang",
  Go: "Golang",
  JavaScript: "JavaScript Node",
  PHP: "PHP",
  Ruby: "Ruby",
  Rust: "Rust",
};

export function qduojLanguage(name: string): string | null {
  const mapped = QDUOJ_LANGS[name.trim()];
  if (mapped) return mapped;
  return languageInfo(name.trim()) ? name.trim() : null;
}

function richText(v: unknown): string {
  if (typeof v === "string") return v;
  return asString(asRecord(v).value);
}

const DIFFICULTY: Record<string, number> = { low: 0, mid: 1, high: 2 };

async function parseOne(root: string, label: string): Promise<ImportCandidate> {
  const warnings: ImportMessage[] = [];
  const testcase = path.join(root, "testcase");
  const candidate: ImportCandidate = { label, problem: {}, dir: testcase, warnings };
  let json: Record<string, unknown>;
  try {
    json = asRecord(JSON.parse((await readSmallText(path.join(root, "problem.json"))) ?? ""));
  } catch (err) {
    if (err instanceof ImportParseError) throw err;
    candidate.error = { key: "errors.invalidJson", params: { name: `${label}problem.json` } };
    return candidate;
  }
  if (!existsSync(testcase)) {
    candidate.error = { key: "errors.qduojTestcaseMissing" };
    return candidate;
  }

  const isOi = asString(json.rule_type).toUpperCase() === "OI";
  const spj = json.spj && typeof json.spj === "object" ? asRecord(json.spj) : null;
  let judgeMode: string = JudgeMode.DEFAULT;
  let spjLanguage = "C";
  let spjCode = "";
  if (spj && asString(spj.code).trim()) {
    const lang = asString(spj.language);
    if (lang !== "C" && lang !== "C++") {
      candidate.error = { key: "errors.spjLanguageUnsupported", params: { name: lang } };
      return candidate;
    }
    judgeMode = JudgeMode.SPJ;
    spjLanguage = lang;
    spjCode = asString(spj.code);
  }

  // Cases from test_case_score, else by pairing the files. Special judge data may have inputs only:
  // they get an empty answer file.
  const listed = Array.isArray(json.test_case_score) ? json.test_case_score.map(asRecord) : [];
  let cases: Array<{ input: string; output: string; score?: number }> = [];
  const files = new Set(await filesIn(testcase));
  if (listed.length > 0) {
    for (const c of listed) {
      const input = asString(c.input_name);
      let output = asString(c.output_name);
      if (!output && judgeMode === JudgeMode.SPJ) {
        output = `${input.replace(/\.in$/i, "")}.out`;
        if (!files.has(output)) {
          await writeFile(path.join(testcase, output), "");
          files.add(output);
        }
        warnings.push({ key: "import.warnings.emptyAnswer", params: { name: output } });
      }
      cases.push({ input, output, score: typeof c.score === "number" ? c.score : undefined });
    }
  } else {
    const pairing = pairTestFiles([...files].filter((f) => f !== "info"));
    cases = pairing.cases;
    if (pairing.unpaired.length) warnings.push({ key: "import.warnings.unpaired", params: { names: pairing.unpaired.join(", ") } });
  }
  if (isOi && cases.length > 0 && cases.every((c) => c.score === undefined)) {
    const scores = distributeScores(cases.length);
    cases = cases.map((c, i) => ({ ...c, score: scores[i] }));
  }

  const templates: Array<{ language: string; code: string; status: boolean }> = [];
  for (const [lang, t] of Object.entries(asRecord(json.template))) {
    const name = qduojLanguage(lang);
    const parts = typeof t === "string" ? { template: t } : asRecord(t);
    const code = asString(parts.template);
    if (!name || !code.trim()) continue;
    if (asString(parts.prepend).trim() || asString(parts.append).trim()) warnings.push({ key: "import.warnings.templateWrapper", params: { name } });
    templates.push({ language: name, code, status: true });
  }
  const languages = Array.isArray(json.languages) ? json.languages.map((l) => qduojLanguage(asString(l))).filter((l): l is string => !!l) : [];
  const allLanguages = [...new Set([...(languages.length ? languages : DEFAULT_PROBLEM_LANGUAGES), ...templates.map((t) => t.language)])];
  const tags = Array.isArray(json.tags) ? json.tags.map(asString).map((t) => t.trim()).filter(Boolean) : [];

  candidate.problem = {
    problemId: asString(json.display_id).trim(),
    title: asString(json.title),
    description: richText(json.description),
    input: richText(json.input_description),
    output: richText(json.output_description),
    hint: richText(json.hint),
    source: asString(json.source),
    examples: Array.isArray(json.samples) ? json.samples.map(asRecord).map((s) => ({ input: asString(s.input), output: asString(s.output) })) : [],
    type: isOi ? ProblemType.OI : ProblemType.ACM,
    difficulty: DIFFICULTY[asString(json.difficulty).toLowerCase()],
    timeLimit: json.time_limit,
    memoryLimit: json.memory_limit,
    judgeMode,
    spjLanguage,
    spjCode,
    isUploadCase: true,
    cases,
    languages: allLanguages,
    codeTemplates: templates,
    newTags: [...new Map(tags.map((t) => [t.toLowerCase(), t])).values()],
  };
  return candidate;
}

export async function parseQduojArchive(dir: string): Promise<ImportCandidate[]> {
  const roots = await problemRoots(dir, "problem.json");
  if (roots.length === 0) throw new ImportParseError("errors.noProblemsFound");
  const out: ImportCandidate[] = [];
  for (const root of roots) {
    const label = `${path.relative(dir, root) || path.basename(root)}/`;
    try {
      out.push(await parseOne(root, label));
    } catch (err) {
      const e = err instanceof ImportParseError ? { key: err.key, params: err.params } : { key: "errors.invalidProblemFile", params: { name: label } };
      out.push({ label, problem: {}, dir: path.join(root, "testcase"), warnings: [], error: e });
    }
  }
  return out;
}
