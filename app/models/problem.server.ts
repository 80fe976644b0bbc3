import mongoose, { Schema, type Model } from "mongoose";
import { PROBLEM_DEFAULTS } from "~/lib/constants";

// A problem (spec section 3). Numeric `_id` is HOJ's `id`/pid; `problemId` is the display id.
// Maps of file name to content are stored as arrays of {name, content} (no dots in field names).

export interface ProblemExample {
  input: string;
  output: string;
}

export interface ProblemCase {
  /** File names inside the test data folder of `testCaseHash`. */
  input: string;
  output: string;
  score: number;
  groupNum: number;
}

export interface NamedContent {
  name: string;
  content: string;
}

export interface CodeTemplateEntry {
  language: string;
  code: string;
  /** Enabled (shown in the editor) or not. */
  status: boolean;
}

export interface ProblemDoc {
  _id: number;
  problemId: string;
  /** Upper-cased display id, unique, for case-insensitive look-up (quick start). */
  problemIdUpper: string;
  title: string;
  author: string;
  description: string;
  input: string;
  output: string;
  examples: ProblemExample[];
  hint: string;
  source: string;
  difficulty: number;
  /** 0 ACM, 1 OI. */
  type: number;
  /** 1 public, 2 private, 3 contest. */
  auth: number;
  timeLimit: number;
  memoryLimit: number;
  stackLimit: number;
  isRemote: boolean;
  /** A remote problem's OJ and its id there (app/lib/remote-oj.ts); empty for this site's own. */
  remoteOj?: string;
  remoteId?: string;
  gid: number | null;
  codeShare: boolean;
  judgeMode: string;
  judgeCaseMode: string;
  spjLanguage: string | null;
  spjCode: string | null;
  spjCompileOk: boolean;
  /** "testlib" (absent on older problems) or "kattis": how the checker or interactor decides. */
  spjProtocol?: string;
  isUploadCase: boolean;
  testCases: ProblemCase[];
  /** Content hash of the test data (files and case list); judges cache by it. Empty: no data yet. */
  testCaseHash: string;
  isRemoveEndBlank: boolean;
  openCaseResult: boolean;
  userExtraFile: NamedContent[];
  judgeExtraFile: NamedContent[];
  isFileIO: boolean;
  ioReadFileName: string;
  ioWriteFileName: string;
  /** Tag ids. */
  tags: number[];
  /** Language names (HOJ names). */
  languages: string[];
  codeTemplates: CodeTemplateEntry[];
  /** null none, 1 applying, 2 public, 3 refused (group problems). */
  applyPublicProgress: number | null;
  // Counters, kept with $inc by the judge result applier.
  total: number;
  ac: number;
  wa: number;
  tle: number;
  mle: number;
  re: number;
  pe: number;
  ce: number;
  se: number;
  pa: number;
  modifiedUser: string;
  gmtCreate: Date;
  gmtModified: Date;
}

const namedContent = new Schema<NamedContent>({ name: String, content: String }, { _id: false });

const problemSchema = new Schema<ProblemDoc>(
  {
    _id: { type: Number, required: true },
    problemId: { type: String, required: true },
    problemIdUpper: { type: String, required: true },
    title: { type: String, required: true },
    author: { type: String, default: "" },
    description: { type: String, default: "" },
    input: { type: String, default: "" },
    output: { type: String, default: "" },
    examples: { type: [new Schema<ProblemExample>({ input: String, output: String }, { _id: false })], default: [] },
    hint: { type: String, default: "" },
    source: { type: String, default: "" },
    difficulty: { type: Number, default: PROBLEM_DEFAULTS.difficulty },
    type: { type: Number, default: 0 },
    auth: { type: Number, default: PROBLEM_DEFAULTS.auth },
    timeLimit: { type: Number, default: PROBLEM_DEFAULTS.timeLimit },
    memoryLimit: { type: Number, default: PROBLEM_DEFAULTS.memoryLimit },
    stackLimit: { type: Number, default: PROBLEM_DEFAULTS.stackLimit },
    isRemote: { type: Boolean, default: false },
    remoteOj: { type: String, default: "" },
    remoteId: { type: String, default: "" },
    gid: { type: Number, default: null },
    codeShare: { type: Boolean, default: PROBLEM_DEFAULTS.codeShare },
    judgeMode: { type: String, default: PROBLEM_DEFAULTS.judgeMode },
    judgeCaseMode: { type: String, default: PROBLEM_DEFAULTS.judgeCaseMode },
    spjLanguage: { type: String, default: null },
    spjCode: { type: String, default: null },
    spjCompileOk: { type: Boolean, default: false },
    spjProtocol: { type: String, default: "testlib" },
    isUploadCase: { type: Boolean, default: true },
    testCases: {
      type: [new Schema<ProblemCase>({ input: String, output: String, score: Number, groupNum: Number }, { _id: false })],
      default: [],
    },
    testCaseHash: { type: String, default: "" },
    isRemoveEndBlank: { type: Boolean, default: PROBLEM_DEFAULTS.isRemoveEndBlank },
    openCaseResult: { type: Boolean, default: PROBLEM_DEFAULTS.openCaseResult },
    userExtraFile: { type: [namedContent], default: [] },
    judgeExtraFile: { type: [namedContent], default: [] },
    isFileIO: { type: Boolean, default: false },
    ioReadFileName: { type: String, default: "" },
    ioWriteFileName: { type: String, default: "" },
    tags: { type: [Number], default: [] },
    languages: { type: [String], default: [] },
    codeTemplates: {
      type: [new Schema<CodeTemplateEntry>({ language: String, code: String, status: Boolean }, { _id: false })],
      default: [],
    },
    applyPublicProgress: { type: Number, default: null },
    total: { type: Number, default: 0 },
    ac: { type: Number, default: 0 },
    wa: { type: Number, default: 0 },
    tle: { type: Number, default: 0 },
    mle: { type: Number, default: 0 },
    re: { type: Number, default: 0 },
    pe: { type: Number, default: 0 },
    ce: { type: Number, default: 0 },
    se: { type: Number, default: 0 },
    pa: { type: Number, default: 0 },
    modifiedUser: { type: String, default: "" },
    gmtCreate: { type: Date, default: () => new Date() },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
problemSchema.index({ problemIdUpper: 1 }, { unique: true });
problemSchema.index({ auth: 1, _id: 1 });
problemSchema.index({ tags: 1 });
problemSchema.index({ gmtModified: -1 });

export const Problem: Model<ProblemDoc> =
  (mongoose.models.Problem as Model<ProblemDoc>) ?? mongoose.model<ProblemDoc>("Problem", problemSchema, "problems");

/** Which counter field a final status increments (spec section 3 counts). */
export const STATUS_COUNTER: Record<number, keyof ProblemDoc | undefined> = {
  0: "ac",
  [-1]: "wa",
  1: "tle",
  2: "mle",
  3: "re",
  [-3]: "pe",
  [-2]: "ce",
  4: "se",
  8: "pa",
};
