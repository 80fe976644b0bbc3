// Constants of the specification (sections 3, 4 and 9). Routes, services, the judge and the
// tests import them from here; nothing else spells these numbers out.

/** Judge status codes, spec section 3. */
export const JudgeStatus = {
  NOT_SUBMITTED: -10,
  SUBMITTED_UNKNOWN_RESULT: -5,
  CANCELLED: -4,
  PRESENTATION_ERROR: -3,
  COMPILE_ERROR: -2,
  WRONG_ANSWER: -1,
  ACCEPTED: 0,
  TIME_LIMIT_EXCEEDED: 1,
  MEMORY_LIMIT_EXCEEDED: 2,
  RUNTIME_ERROR: 3,
  SYSTEM_ERROR: 4,
  PENDING: 5,
  COMPILING: 6,
  JUDGING: 7,
  PARTIAL_ACCEPTED: 8,
  SUBMITTING: 9,
  SUBMITTED_FAILED: 10,
} as const;

/** Short names and English names per status code; the translated labels live in locales (judge.json). */
export const JUDGE_STATUS_INFO: Record<number, { short: string; name: string; color: string }> = {
  [-10]: { short: "NS", name: "Not Submitted", color: "gray" },
  [-5]: { short: "SNR", name: "Submitted Unknown Result", color: "gray" },
  [-4]: { short: "CA", name: "Cancelled", color: "purple" },
  [-3]: { short: "PE", name: "Presentation Error", color: "yellow" },
  [-2]: { short: "CE", name: "Compile Error", color: "yellow" },
  [-1]: { short: "WA", name: "Wrong Answer", color: "red" },
  0: { short: "AC", name: "Accepted", color: "green" },
  1: { short: "TLE", name: "Time Limit Exceeded", color: "red" },
  2: { short: "MLE", name: "Memory Limit Exceeded", color: "red" },
  3: { short: "RE", name: "Runtime Error", color: "red" },
  4: { short: "SE", name: "System Error", color: "red" },
  5: { short: "PD", name: "Pending", color: "yellow" },
  6: { short: "CP", name: "Compiling", color: "yellow" },
  7: { short: "JG", name: "Judging", color: "blue" },
  8: { short: "PAC", name: "Partial Accepted", color: "blue" },
  9: { short: "SG", name: "Submitting", color: "yellow" },
  10: { short: "SF", name: "Submitted Failed", color: "gray" },
};

/** Statuses after which a submission no longer changes unless rejudged. */
export const FINAL_STATUSES: ReadonlySet<number> = new Set([
  JudgeStatus.CANCELLED,
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.ACCEPTED,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.PARTIAL_ACCEPTED,
  JudgeStatus.SUBMITTED_FAILED,
]);

/**
 * Statuses after which a submission may be judged again as itself (HOJ's resubmit): the judging
 * itself failed (System Error) or the submission never reached a judge (Submitted Failed).
 */
export const RESUBMITTABLE_STATUSES: ReadonlySet<number> = new Set([JudgeStatus.SYSTEM_ERROR, JudgeStatus.SUBMITTED_FAILED]);

/** Statuses still moving through the judge: the status banner keeps polling while one of these holds. */
export const RUNNING_STATUSES: ReadonlySet<number> = new Set([
  JudgeStatus.PENDING,
  JudgeStatus.COMPILING,
  JudgeStatus.JUDGING,
  JudgeStatus.SUBMITTING,
]);

/** Numeric role codes, spec section 3. */
export const Role = {
  SUPER_ADMIN: 1000,
  ADMIN: 1001,
  DEFAULT_USER: 1002,
  NO_SUBMIT: 1003,
  NO_DISCUSS: 1004,
  MUTED: 1005,
  NO_SUBMIT_NO_DISCUSS: 1006,
  NO_SUBMIT_MUTED: 1007,
  PROBLEM_ADMIN: 1008,
} as const;
export type RoleCode = (typeof Role)[keyof typeof Role];

/** Role names as HOJ's client receives them in roleList. */
export const ROLE_NAMES: Record<RoleCode, string> = {
  1000: "root",
  1001: "admin",
  1002: "default_role",
  1003: "no_submit",
  1004: "no_discuss",
  1005: "mute",
  1006: "no_submit_no_discuss",
  1007: "no_submit_mute",
  1008: "problem_admin",
};

export const ADMIN_ROLES: ReadonlySet<number> = new Set([Role.SUPER_ADMIN, Role.ADMIN, Role.PROBLEM_ADMIN]);

/** Badge colours of the three difficulties, white text on each at 4.5:1 or more (WCAG AA). */
export const DIFFICULTY_COLORS: Record<number, string> = { 0: "#117a45", 1: "#1764bf", 2: "#c93410" };

export const ProblemType = { ACM: 0, OI: 1 } as const;
export const ProblemAuth = { PUBLIC: 1, PRIVATE: 2, CONTEST: 3 } as const;
export const JudgeMode = { DEFAULT: "default", SPJ: "spj", INTERACTIVE: "interactive" } as const;
export const JudgeCaseMode = {
  DEFAULT: "default",
  SUBTASK_LOWEST: "subtask_lowest",
  SUBTASK_AVERAGE: "subtask_average",
  ERGODIC_WITHOUT_ERROR: "ergodic_without_error",
} as const;

/** Problem defaults, spec section 9. */
export const PROBLEM_DEFAULTS = {
  timeLimit: 1000,
  memoryLimit: 256,
  stackLimit: 128,
  difficulty: 0,
  auth: 1,
  codeShare: true,
  isRemoveEndBlank: true,
  openCaseResult: true,
  judgeMode: "default",
  judgeCaseMode: "default",
  spjLanguage: "C",
} as const;

/** Field limits, spec sections 5 and 9. */
export const LIMITS = {
  usernameMax: 20,
  passwordMin: 5,
  passwordMax: 20,
  emailCodeLength: 6,
  captchaMin: 1,
  captchaMax: 8,
  commentMax: 10000,
  discussionTitleMax: 255,
  discussionContentMax: 65535,
  reportReasonMax: 200,
  codeMax: 65535,
  testInputMax: 1000,
  printMin: 50,
  generatedPasswordMin: 6,
  generatedPasswordMax: 25,
  avatarMaxBytes: 2 * 1024 * 1024,
  failedLoginsBeforePuzzle: 5,
  registerCodeResendSeconds: 60,
  resetCodeResendSeconds: 90,
  /** Unread badges show at most this number. */
  unreadBadgeCap: 99,
} as const;

/** Slide puzzle, spec section 9: 325x100, accuracy 3 pixels. */
export const SLIDE_PUZZLE = { width: 325, height: 100, pieceSize: 42, accuracy: 3 } as const;

/** Page sizes, spec section 9. */
export const PAGE_SIZE = {
  comments: 10,
  homeAnnouncements: 5,
  problems: 30,
  submissions: 15,
  contests: 10,
  rank: 10,
  oiRank: 30,
  scoreboard: 50,
  ownSubmissions: 10,
  discussions: 10,
  messages: 6,
  sysMessages: 8,
  trainings: 15,
  trainingRank: 30,
  groups: 15,
  groupLists: 10,
  groupRank: 30,
  admin: 10,
  publicProblems: 10,
} as const;

/** Polling intervals, spec section 9 (ms). */
export const POLL = {
  submissionMs: 2000,
  submissionMaxTries: 30,
  testJudgeMs: 1000,
  unreadMs: 120_000,
  contestAnnouncementMs: 60_000,
  scoreboardMs: 30_000,
  adminHelperMs: 10_000,
} as const;

export const LANGUAGES_SUPPORTED = ["zh-CN", "en"] as const;
export type SiteLanguage = (typeof LANGUAGES_SUPPORTED)[number];
export const DEFAULT_LANGUAGE: SiteLanguage = "zh-CN";
/** The cookie that keeps a visitor's language choice. */
export const LANGUAGE_COOKIE = "oj_lng";

/**
 * Request body limits (bytes). A body over its route's limit is refused with 413 by its
 * Content-Length, before a byte of it is read (server/body-limit.ts says which routes use which).
 */
export const BODY_LIMITS = {
  /** Every route not named below. */
  defaultBytes: 1024 * 1024,
  /**
   * Calls and forms that carry a learner's code (submit, self-test): the longest code (spec: 65535
   * characters) with every character percent-encoded as three UTF-8 bytes, the worst a form
   * without JavaScript sends, plus the other fields.
   */
  codeBytes: LIMITS.codeMax * 9 + 64 * 1024,
  /**
   * The AI helper's questions: the code as above with the conversation so far (20 messages of at
   * most 16000 characters, percent-encoded the same way).
   */
  aiBytes: LIMITS.codeMax * 9 + 20 * 16_000 * 9 + 64 * 1024,
  /**
   * The problem calls of the admin API: statements, code templates, a special judge or interactor
   * source (which may grow to 1 MB) and test cases typed in; larger test data comes as a zip.
   */
  problemBytes: 16 * 1024 * 1024,
} as const;
