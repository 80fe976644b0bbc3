// Limits and option lists of the problem administration, shared by the form and the services.

/** Spec section 9: "examples 2" — more are allowed but the form says two is the ideal. */
export const EXAMPLES_RECOMMENDED_MAX = 2;
export const EXAMPLES_MAX = 20;

export const PROBLEM_LIMITS = {
  displayIdMax: 50,
  titleMax: 255,
  /** Statement parts (description, input, output, hint) in characters. */
  statementMax: 200_000,
  sourceMax: 1000,
  exampleMax: 20_000,
  /** Source of a code template (spec: code 65535), as user code. */
  codeMax: 65_535,
  /** Source of a checker or an interactor: setters paste testlib.h inline (142,000 characters seen). */
  judgeCodeMax: 1_048_576,
  /** One manually typed test case (input or output) in characters. */
  manualCaseMax: 1_000_000,
  manualCasesMax: 100,
  extraFilesMax: 20,
  extraFileMax: 1_000_000,
  tagsMax: 30,
  tagNameMax: 50,
  timeLimitMax: 60_000,
  memoryLimitMax: 8192,
  stackLimitMax: 8192,
} as const;

/** Size limits of uploads (bytes). */
export const UPLOAD_LIMITS = {
  /** A test data zip or a problem archive as uploaded. */
  archiveMaxBytes: 512 * 1024 * 1024,
  /** An FPS XML file. */
  fpsMaxBytes: 512 * 1024 * 1024,
  /** Everything inside one archive once inflated. */
  extractedMaxBytes: 2 * 1024 * 1024 * 1024,
  /** One file inside an archive. */
  entryMaxBytes: 512 * 1024 * 1024,
  entriesMax: 20_000,
  /** A JSON, YAML or Markdown file describing a problem, read into memory. */
  metaFileMaxBytes: 16 * 1024 * 1024,
} as const;

/** Display ids: letters, digits and `-_.`; they appear in URLs (/problem/{problemID}). */
export const DISPLAY_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

export const IMPORT_FORMATS = ["hoj", "hydro", "qduoj", "fps", "kattis", "polygon"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What an import does when a display id is already taken. */
export const CONFLICT_POLICIES = ["refuse", "suffix"] as const;
export type ConflictPolicy = (typeof CONFLICT_POLICIES)[number];

export const TAG_DEFAULT_COLOR = "#2d8cf0";
