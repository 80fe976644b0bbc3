// The problem form's state as the browser renders it (every value a string or a flag), so a
// refused submission comes back with everything the admin typed. Shared by the form component and
// the server code that reads and answers it.

import { PROBLEM_DEFAULTS } from "./constants";
import { DEFAULT_PROBLEM_LANGUAGES } from "./languages";

export interface DraftCase {
  /** File name (uploaded cases) or text (typed samples). */
  input: string;
  output: string;
  score: string;
  groupNum: string;
}

export interface DraftFile {
  name: string;
  content: string;
}

export interface DraftTemplate {
  language: string;
  code: string;
  status: boolean;
}

export interface UploadNotes {
  unpaired: string[];
  ignored: string[];
  renamed: Array<{ from: string; to: string }>;
}

export interface ProblemDraft {
  problemId: string;
  title: string;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  examples: Array<{ input: string; output: string }>;
  type: string;
  difficulty: string;
  auth: string;
  timeLimit: string;
  memoryLimit: string;
  stackLimit: string;
  codeShare: boolean;
  isRemoveEndBlank: boolean;
  openCaseResult: boolean;
  judgeMode: string;
  spjLanguage: string;
  spjProtocol: string;
  spjCode: string;
  judgeCaseMode: string;
  isUploadCase: boolean;
  uploadTestcaseDir: string;
  /** Uploaded cases (file names). */
  cases: DraftCase[];
  /** Typed samples (manual mode). */
  samples: DraftCase[];
  uploadNotes: UploadNotes | null;
  languages: string[];
  codeTemplates: DraftTemplate[];
  tagIds: string[];
  /** New tag names, separated by commas. */
  newTags: string;
  userExtraFile: DraftFile[];
  judgeExtraFile: DraftFile[];
  isFileIO: boolean;
  ioReadFileName: string;
  ioWriteFileName: string;
}

export function blankCase(): DraftCase {
  return { input: "", output: "", score: "", groupNum: "" };
}

export function emptyDraft(): ProblemDraft {
  return {
    problemId: "",
    title: "",
    description: "",
    input: "",
    output: "",
    hint: "",
    source: "",
    examples: [{ input: "", output: "" }],
    type: "0",
    difficulty: String(PROBLEM_DEFAULTS.difficulty),
    auth: String(PROBLEM_DEFAULTS.auth),
    timeLimit: String(PROBLEM_DEFAULTS.timeLimit),
    memoryLimit: String(PROBLEM_DEFAULTS.memoryLimit),
    stackLimit: String(PROBLEM_DEFAULTS.stackLimit),
    codeShare: PROBLEM_DEFAULTS.codeShare,
    isRemoveEndBlank: PROBLEM_DEFAULTS.isRemoveEndBlank,
    openCaseResult: PROBLEM_DEFAULTS.openCaseResult,
    judgeMode: PROBLEM_DEFAULTS.judgeMode,
    spjLanguage: PROBLEM_DEFAULTS.spjLanguage,
    spjProtocol: "testlib",
    spjCode: "",
    judgeCaseMode: PROBLEM_DEFAULTS.judgeCaseMode,
    isUploadCase: false,
    uploadTestcaseDir: "",
    cases: [],
    samples: [blankCase()],
    uploadNotes: null,
    languages: [...DEFAULT_PROBLEM_LANGUAGES],
    codeTemplates: [],
    tagIds: [],
    newTags: "",
    userExtraFile: [],
    judgeExtraFile: [],
    isFileIO: false,
    ioReadFileName: "",
    ioWriteFileName: "",
  };
}

/** Splits the new-tags box: commas (also the full-width comma) separate names. */
export function splitTagNames(s: string): string[] {
  return s
    .split(/[,，]/)
    .map((x) => x.trim())
    .filter(Boolean);
}
