import { closeSync, createReadStream, mkdirSync, openSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import { SaxesParser, type SaxesTagPlain } from "saxes";
import { JudgeMode, ProblemType } from "~/lib/constants";
import { LANGUAGES } from "~/lib/languages";
import { type ImportCandidate, type ImportMessage, ImportParseError, imageMime } from "./common.server";

// Free Problem Set XML: <fps><item> with title, time_limit (unit s|ms), memory_limit (unit mb|kb),
// description, input, output, sample_input/sample_output, test_input/test_output, hint, source,
// spj (language), template (language), img (src, base64). The file is read as a stream; test data
// goes straight to files, so only the statements of one item are held in memory.

const FPS_LANGS: Record<string, string> = {
  C: "C",
  "C++": "C++",
  Java: "Java",
  Python: "Python3",
  Python3: "Python3",
  Python2: "Python2",
  Go: "Golang",
  Golang: "Golang",
  "C#": "C#",
  PHP: "PHP",
  Ruby: "Ruby",
  Rust: "Rust",
};

/** Statement text of one item (everything but test data) is limited to this many characters. */
const ITEM_TEXT_MAX = 64 * 1024 * 1024;

const TEXT_FIELDS = new Set(["title", "time_limit", "memory_limit", "description", "input", "output", "sample_input", "sample_output", "hint", "source", "spj", "template"]);

interface RawItem {
  index: number;
  dir: string;
  fields: Map<string, Array<{ text: string; attrs: Record<string, string> }>>;
  images: Array<{ src: string; base64: string }>;
  inputs: string[];
  outputs: string[];
  textSize: number;
  tooLarge: boolean;
}

function attrsOf(node: SaxesTagPlain): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(node.attributes)) out[k] = String(v);
  return out;
}

/** The bytes decide (a file named .png may hold a JPEG), then the name. */
function mimeOfImage(src: string, base64: string): string {
  const head = Buffer.from(base64.replace(/\s+/g, "").slice(0, 700), "base64");
  return imageMime(src.split(/[?#]/)[0], head) ?? "image/png";
}

/** Time limit in ms: unit "s" (default) or "ms". */
export function fpsTimeLimit(text: string, unit: string | undefined): number | undefined {
  const n = Number(text.trim());
  if (!Number.isFinite(n) || n <= 0) return undefined;
  return Math.round((unit ?? "s").toLowerCase() === "ms" ? n : n * 1000);
}

/** Memory limit in MB: unit "mb" (default) or "kb". */
export function fpsMemoryLimit(text: string, unit: string | undefined): number | undefined {
  const n = Number(text.trim());
  if (!Number.isFinite(n) || n <= 0) return undefined;
  return Math.ceil((unit ?? "mb").toLowerCase() === "kb" ? n / 1024 : n);
}

function toCandidate(item: RawItem): ImportCandidate {
  const warnings: ImportMessage[] = [];
  const first = (name: string) => item.fields.get(name)?.[0];
  const all = (name: string) => item.fields.get(name) ?? [];
  const title = (first("title")?.text ?? "").trim();
  const label = `#${item.index} ${title}`.trim();
  const candidate: ImportCandidate = { label, problem: {}, dir: item.dir, warnings };
  if (item.tooLarge) {
    candidate.error = { key: "errors.importFileTooLarge", params: { name: label } };
    return candidate;
  }
  const withImages = (s: string) => {
    let out = s;
    for (const img of item.images) {
      if (!img.src || !img.base64) continue;
      out = out.split(img.src).join(`data:${mimeOfImage(img.src, img.base64)};base64,${img.base64.replace(/\s+/g, "")}`);
    }
    return out;
  };

  const samplesIn = all("sample_input");
  const samplesOut = all("sample_output");
  const examples = samplesIn.map((s, i) => ({ input: s.text, output: samplesOut[i]?.text ?? "" }));

  // Test data: the i-th input with the i-th output; a missing output is an empty file.
  const cases: Array<{ input: string; output: string }> = [];
  for (let i = 0; i < item.inputs.length; i++) {
    let output = item.outputs[i];
    if (!output) {
      output = `${i + 1}.out`;
      writeFileSync(path.join(item.dir, output), "");
      warnings.push({ key: "import.warnings.emptyAnswer", params: { name: output } });
    }
    cases.push({ input: item.inputs[i], output });
  }
  if (item.outputs.length > item.inputs.length) warnings.push({ key: "import.warnings.unpaired", params: { names: item.outputs.slice(item.inputs.length).join(", ") } });

  let judgeMode: string = JudgeMode.DEFAULT;
  let spjLanguage = "C";
  let spjCode = "";
  const spj = first("spj");
  if (spj && spj.text.trim()) {
    const lang = (spj.attrs.language ?? "C").trim();
    if (lang !== "C" && lang !== "C++") {
      candidate.error = { key: "errors.spjLanguageUnsupported", params: { name: lang } };
      return candidate;
    }
    judgeMode = JudgeMode.SPJ;
    spjLanguage = lang;
    spjCode = spj.text;
  }

  const templates: Array<{ language: string; code: string; status: boolean }> = [];
  for (const t of all("template")) {
    const language = FPS_LANGS[(t.attrs.language ?? "").trim()];
    if (language && t.text.trim() && !templates.some((x) => x.language === language)) templates.push({ language, code: t.text, status: true });
  }

  const time = first("time_limit");
  const memory = first("memory_limit");
  candidate.problem = {
    problemId: "",
    title,
    description: withImages(first("description")?.text ?? ""),
    input: withImages(first("input")?.text ?? ""),
    output: withImages(first("output")?.text ?? ""),
    hint: withImages(first("hint")?.text ?? ""),
    source: (first("source")?.text ?? "").trim(),
    examples,
    type: ProblemType.ACM,
    timeLimit: time ? fpsTimeLimit(time.text, time.attrs.unit) : undefined,
    memoryLimit: memory ? fpsMemoryLimit(memory.text, memory.attrs.unit) : undefined,
    judgeMode,
    spjLanguage,
    spjCode,
    isUploadCase: true,
    cases,
    // Every language the site offers, as HOJ's FPS import does.
    languages: [...new Set([...LANGUAGES.map((l) => l.name), ...templates.map((t) => t.language)])],
    codeTemplates: templates,
  };
  return candidate;
}

/** Reads an FPS file; each item's test data is written under `workDir/item-<n>/`. */
export async function parseFpsFile(xmlPath: string, workDir: string): Promise<ImportCandidate[]> {
  const parser = new SaxesParser();
  const stack: string[] = [];
  const items: RawItem[] = [];
  let item: RawItem | null = null;
  let field: { name: string; parts: string[]; attrs: Record<string, string> } | null = null;
  let testFd: number | null = null;
  let image: { src: string; base64: string } | null = null;
  let imagePart: "src" | "base64" | null = null;
  let sawRoot = false;

  const onText = (text: string) => {
    if (!item) return;
    if (testFd !== null) {
      writeSync(testFd, text);
      return;
    }
    if (field || (image && imagePart)) {
      item.textSize += text.length;
      if (item.textSize > ITEM_TEXT_MAX) {
        item.tooLarge = true;
        field = null;
        image = null;
        return;
      }
    }
    if (field) field.parts.push(text);
    else if (image && imagePart) image[imagePart] += text;
  };

  parser.on("opentag", (node) => {
    const name = node.name;
    stack.push(name);
    if (stack.length === 1) {
      sawRoot = name === "fps";
      return;
    }
    if (name === "item" && stack.length === 2) {
      const index = items.length + 1;
      const dir = path.join(workDir, `item-${index}`);
      mkdirSync(dir, { recursive: true });
      item = { index, dir, fields: new Map(), images: [], inputs: [], outputs: [], textSize: 0, tooLarge: false };
      items.push(item);
      return;
    }
    if (!item || stack.length < 3) return;
    if (stack.length === 3) {
      if (name === "test_input" || name === "test_output") {
        const list = name === "test_input" ? item.inputs : item.outputs;
        const file = `${list.length + 1}.${name === "test_input" ? "in" : "out"}`;
        list.push(file);
        testFd = openSync(path.join(item.dir, file), "w");
      } else if (name === "img") {
        image = { src: "", base64: "" };
      } else if (TEXT_FIELDS.has(name)) {
        field = { name, parts: [], attrs: attrsOf(node as SaxesTagPlain) };
      }
    } else if (stack.length === 4 && image && (name === "src" || name === "base64")) {
      imagePart = name;
    }
  });
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", (node) => {
    stack.pop();
    if (!item) return;
    const name = node.name;
    if (stack.length === 2) {
      if (testFd !== null && (name === "test_input" || name === "test_output")) {
        closeSync(testFd);
        testFd = null;
      } else if (field && name === field.name) {
        const list = item.fields.get(name) ?? [];
        list.push({ text: field.parts.join(""), attrs: field.attrs });
        item.fields.set(name, list);
        field = null;
      } else if (image && name === "img") {
        item.images.push(image);
        image = null;
      }
    } else if (stack.length === 3 && imagePart && name === imagePart) {
      imagePart = null;
    } else if (stack.length === 1 && name === "item") {
      item = null;
    }
  });

  try {
    for await (const chunk of createReadStream(xmlPath, { encoding: "utf8", highWaterMark: 256 * 1024 })) parser.write(chunk as string);
    parser.close();
  } catch {
    throw new ImportParseError("errors.invalidXml");
  } finally {
    if (testFd !== null) closeSync(testFd);
  }
  if (!sawRoot) throw new ImportParseError("errors.invalidXml");
  if (items.length === 0) throw new ImportParseError("errors.noProblemsFound");
  return items.map(toCandidate);
}
