// The contract between the web side and judge-service processes. Both import this file; neither
// touches the other's storage. Everything travels on Redis streams (see ARCHITECTURE.md):
//
//   web ── XADD <prefix>judge:tasks:{contest|normal|test} ──▶ judge-service (consumer group "judges")
//   judge-service ── XADD <prefix>judge:results ──▶ web result applier (consumer group "web")
//
// A judge reads the contest lane before the normal lane, and the self-test lane on its own slots.
// A task is acknowledged (XACK) in the same atomic step as the XADD of its final result (a script
// that first checks the judge still owns the task), so a task is never acknowledged before its
// result is stored, and a judge that lost its task to another stores nothing. The web acknowledges
// a result message only after applying it to the database. Applying the same message twice changes
// nothing.
//
// Test data is fetched by content hash from the web server's internal endpoints:
//   GET {WEB_INTERNAL_URL}internal/judge/testdata/{hash}/manifest  -> TestDataManifest (JSON)
//   GET {WEB_INTERNAL_URL}internal/judge/testdata/{hash}/file/{name} -> the file's bytes
// both with the header `Authorization: Bearer {JUDGE_TOKEN}`. Data under a hash never changes.

export const STREAM_FIELD = "msg";

export const JudgeStreams = {
  contestTasks: "judge:tasks:contest",
  normalTasks: "judge:tasks:normal",
  testTasks: "judge:tasks:test",
  /** Submissions to remote problems and remote problem fetches (judge-service/src/remote/). */
  remoteTasks: "judge:tasks:remote",
  results: "judge:results",
} as const;

export const JUDGE_GROUP = "judges";
export const RESULT_GROUP = "web";

/** Hash of live judges: field = judge name, value = JSON JudgeInfo. */
export const JUDGES_KEY = "judge:judges";
/**
 * The languages the live judges advertised, as a JSON array of names, kept without expiry: every
 * heartbeat rewrites it with the union over the judges alive then. With no judge online the site
 * still offers only these; only where no judge ever advertised does it offer the whole catalogue.
 */
export const LAST_LANGUAGES_KEY = "judge:languages:last";
/** Hash of language name -> when (ms) a live judge last advertised it, kept by the heartbeats. */
export const LANGUAGES_SEEN_KEY = "judge:languages:seen";
/** How often a judge says it is alive (registry entry and alive key). */
export const JUDGE_HEARTBEAT_MS = 2000;
/** A judge whose registry heartbeat is older than this is considered gone (languages offered). */
export const JUDGE_STALE_MS = 35_000;
/**
 * <prefix>judge:alive:<judge name>, renewed by every heartbeat (app/lib/stream-consumers.ts): once it
 * is gone, the tasks the judge still holds are claimed by the other judges at once, without waiting
 * for the claim time.
 */
export const JUDGE_ALIVE_KEY = "judge:alive";
/** <prefix>judge:results:alive:<consumer>: the same for the web processes reading the results stream. */
export const RESULT_CONSUMER_ALIVE_KEY = "judge:results:alive";
/** A pending task idle for longer than this is claimed by another judge (XAUTOCLAIM). */
export const TASK_CLAIM_IDLE_MS = 60_000;
/** After this many deliveries a task ends as System Error with a reason. */
export const TASK_MAX_DELIVERIES = 3;

/** Self-test results are kept under <prefix>judge:test:<key> for this long. */
export const TEST_RESULT_KEY = "judge:test";
export const TEST_RESULT_TTL_S = 600;
/**
 * Who asked for a self-test (<prefix>judge:test-owner:<key>, the user id; only they may read the
 * result). The web sets it for TEST_WAIT_TTL_S when it queues the test; the judge, in the step that
 * stores the result, gives it the result's own lifetime, so both expire together however long the
 * test waited in the queue.
 */
export const TEST_OWNER_KEY = "judge:test-owner";
export const TEST_WAIT_TTL_S = 3600;

export interface JudgeInfo {
  name: string;
  /** Language names it can run (HOJ names, e.g. "C++ 17 With O2"). */
  languages: string[];
  concurrency: number;
  /** Tasks it is running now. */
  running: number;
  cpus: number;
  version: string;
  startedAt: number;
  heartbeatAt: number;
  /** Host name of the judge's machine, its /healthz port (null: not served), at each heartbeat. */
  host?: string;
  httpPort?: number | null;
  /** The machine's one-minute load average and the share of its memory in use (0..1). */
  loadAvg?: number;
  memoryUsed?: number;
  /** Whether its sandbox answered lately (a judge whose sandbox is away takes no task). */
  sandboxHealthy?: boolean;
}

export interface ExtraFile {
  name: string;
  content: string;
}

export interface TaskCase {
  /** 1-based position in the problem's case list. */
  index: number;
  /** File names inside the test data (by hash). */
  input: string;
  output: string;
  /** OI score of the case (0 for ACM). */
  score: number;
  /** Subtask group number (subtask modes only). */
  groupNum: number;
}

export interface TaskProblem {
  pid: number;
  problemId: string;
  /** 0 ACM, 1 OI. */
  type: number;
  judgeMode: "default" | "spj" | "interactive";
  judgeCaseMode: "default" | "subtask_lowest" | "subtask_average" | "ergodic_without_error";
  /** Limits as stated on the problem (ms, MB, MB); the judge applies the per-language rules. */
  timeLimit: number;
  memoryLimit: number;
  stackLimit: number;
  isRemoveEndBlank: boolean;
  isFileIO: boolean;
  ioReadFileName: string;
  ioWriteFileName: string;
  /** Checker or interactor source and its language ("C" or "C++"), for spj and interactive. */
  spjLanguage: string | null;
  spjCode: string | null;
  /**
   * How the checker or interactor speaks: testlib's way (absent, "testlib") or the ICPC problem
   * package format's output validators ("kattis": run as `validator input answer feedback_dir/`
   * with the program's output on stdin; exit code 42 accepted, 43 wrong answer).
   */
  spjProtocol?: SpjProtocol;
  userExtraFiles: ExtraFile[];
  judgeExtraFiles: ExtraFile[];
  testDataHash: string;
  cases: TaskCase[];
}

export type SpjProtocol = "testlib" | "kattis";

export interface SubmissionTask {
  kind: "submission";
  submissionId: number;
  /** Increases with every rejudge; results of an older attempt are ignored. */
  attempt: number;
  /** True for contest submissions (they were put on the contest lane). */
  contest: boolean;
  language: string;
  code: string;
  problem: TaskProblem;
  enqueuedAt: number;
}

export interface TestTask {
  kind: "test";
  /** Key under TEST_RESULT_KEY where the judge stores the TestJudgeResult. */
  testKey: string;
  language: string;
  code: string;
  /** At most 1000 characters (spec section 9). */
  userInput: string;
  /** When given, the output is compared with it (status AC/WA/PE); otherwise status is AC on a clean run. */
  expectedOutput: string | null;
  problem: Pick<
    TaskProblem,
    "pid" | "problemId" | "judgeMode" | "timeLimit" | "memoryLimit" | "stackLimit" | "isRemoveEndBlank" | "isFileIO" | "ioReadFileName" | "ioWriteFileName" | "userExtraFiles"
  >;
  enqueuedAt: number;
}

/**
 * Compile a special judge checker or an interactor when an admin saves a problem (spec: "Spj Or
 * Interactive Code was not compiled successfully"). Travels on the self-test lane; the judge stores
 * a CompileCheckResult under COMPILE_RESULT_KEY:<key>.
 */
export interface CompileCheckTask {
  kind: "compile";
  key: string;
  purpose: "spj" | "interactive";
  /** "C" or "C++". */
  language: string;
  code: string;
  /** judgeExtraFile of the problem, placed beside the source. */
  extraFiles: ExtraFile[];
  enqueuedAt: number;
}

/**
 * A submission to a remote problem (isRemote): a remote worker submits it to the remote judge with
 * one of that OJ's accounts, polls the remote status and publishes a FinalMessage like any judge.
 */
export interface RemoteSubmissionTask {
  kind: "remote";
  submissionId: number;
  attempt: number;
  contest: boolean;
  /** The remote OJ (REMOTE_OJS in app/lib/problem.ts) and the problem's id there ("1000", "1A", "abc300_a"). */
  oj: string;
  remoteId: string;
  /** The site's name of the language (one of the OJ's in app/lib/remote-oj.ts). */
  language: string;
  code: string;
  enqueuedAt: number;
}

/**
 * Fetching a remote problem for an admin: the worker stores a RemoteFetchResult under
 * REMOTE_FETCH_RESULT_KEY:<key> (the web side never reaches remote sites itself).
 */
export interface RemoteFetchTask {
  kind: "remote-fetch";
  key: string;
  oj: string;
  remoteId: string;
  enqueuedAt: number;
}

/**
 * Judging a program of a problem package (its example submissions or tagged solutions) exactly as a
 * submission would be, without a submission: on the self-test lane, the judge stores the
 * FinalMessage under CHECK_RESULT_KEY:<key> (submissionId and attempt 0).
 */
export interface CheckTask {
  kind: "check";
  key: string;
  language: string;
  code: string;
  problem: TaskProblem;
  enqueuedAt: number;
}

export const CHECK_RESULT_KEY = "judge:check";

/**
 * Running one program several times and keeping what it prints (generators, validators, a model
 * solution making answers). The program is compiled once: with `testlib` as a checker is (C or C++,
 * testlib.h beside it, `./prog args…`), otherwise as a submission in `language`, its run command
 * followed by the arguments. Each run's stdin is text, a file of a stored test data set, or nothing.
 * With `keepOutput` the judge puts each run's stdout under RUN_OUTPUT_KEY:<key>:<index> (bytes, at
 * most `limits.outputBytes`) before it stores the RunProgramResult under RUN_RESULT_KEY:<key>.
 * With `interactor`, each run is the program talking to that interactor (testlib's interactor
 * protocol), and the kept output is what the interactor wrote to its `tout` file.
 */
export interface RunProgramTask {
  kind: "run";
  key: string;
  /** The program's language (a checker language with `testlib`). */
  language: string;
  code: string;
  testlib: boolean;
  extraFiles: ExtraFile[];
  runs: RunSpec[];
  limits: { timeMs: number; memoryMb: number; outputBytes: number };
  keepOutput: boolean;
  interactor?: { language: string; code: string; extraFiles: ExtraFile[] } | null;
  enqueuedAt: number;
}

export interface RunSpec {
  args: string[];
  stdin: { content: string } | { testData: string; name: string } | null;
  /** A second input and answer for an interactor run (files of the same test data set). */
  answer?: { testData: string; name: string } | null;
}

export interface RunOutcome {
  /** "ok" exit code 0; "exit" another exit code; the rest as named. */
  status: "ok" | "exit" | "time" | "memory" | "output" | "signal" | "error";
  exitCode: number;
  timeMs: number;
  memoryKb: number;
  /** The start of stderr (and of the interactor's stderr for interactor runs). */
  stderr: string;
  /** Bytes of stdout (or tout) kept; -1 when none was kept. */
  outputBytes: number;
}

/**
 * `runs` follows the task's runs in order; it is shorter when the kept output reached the judge's
 * budget for one task (the rest is asked for again).
 */
export type RunProgramResult = { ok: true; runs: RunOutcome[] } | { ok: false; compileError: boolean; message: string };

export const RUN_RESULT_KEY = "judge:run";
export const RUN_OUTPUT_KEY = "judge:run-output";

export type JudgeTask = SubmissionTask | TestTask | CompileCheckTask | RemoteSubmissionTask | RemoteFetchTask | CheckTask | RunProgramTask;

export const REMOTE_FETCH_RESULT_KEY = "judge:remote-fetch";

export interface RemoteProblemData {
  title: string;
  description: string;
  input: string;
  output: string;
  hint: string;
  source: string;
  /** ms and MB. */
  timeLimit: number;
  memoryLimit: number;
  examples: Array<{ input: string; output: string }>;
}

export type RemoteFetchResult = { ok: true; problem: RemoteProblemData } | { ok: false; message: string };

/**
 * The remote judge accounts per OJ, written by the web side (admin page) as a JSON array of
 * RemoteAccount under REMOTE_ACCOUNTS_KEY:<OJ>; remote workers read them (they never read the store).
 */
export const REMOTE_ACCOUNTS_KEY = "judge:remote:accounts";
export interface RemoteAccount {
  username: string;
  password: string;
}
/** <prefix>judge:remote:lock:<OJ>:<username>: the one submission an account serves now (SET NX PX). */
export const REMOTE_LOCK_KEY = "judge:remote:lock";
/** <prefix>judge:remote:cookies:<OJ>:<username>: the account's session cookies, kept between workers. */
export const REMOTE_COOKIES_KEY = "judge:remote:cookies";
/**
 * <prefix>judge:remote:run:<submissionId>:<attempt>: the remote run once submitted (account and run
 * id), so a worker that takes over the task polls that run instead of submitting again.
 */
export const REMOTE_RUN_KEY = "judge:remote:run";

export const COMPILE_RESULT_KEY = "judge:compile";

export interface CompileCheckResult {
  ok: boolean;
  /** Compiler output (truncated) when not ok. */
  message: string;
}

export interface CaseResult {
  index: number;
  status: number;
  /** CPU time in ms and peak memory in KB. */
  time: number;
  memory: number;
  score: number;
  groupNum: number;
  inputData: string;
  outputData: string;
  /** The start of the program's output (at most a few KB), for the case panel. */
  userOutput: string;
  /** Checker or runtime message (testlib message, signal...). */
  message: string;
}

export interface ProgressMessage {
  type: "progress";
  submissionId: number;
  attempt: number;
  /** 6 Compiling or 7 Judging. */
  status: number;
  judger: string;
}

export interface CaseMessage {
  type: "case";
  submissionId: number;
  attempt: number;
  judger: string;
  result: CaseResult;
}

export interface FinalMessage {
  type: "final";
  submissionId: number;
  attempt: number;
  judger: string;
  status: number;
  /** OI score (sum, capped at the problem's total); 0 for ACM. */
  score: number;
  time: number;
  memory: number;
  /** Compile error text, System Error reason, or the first failing case's message. */
  errorMessage: string;
  cases: CaseResult[];
}

export type ResultMessage = ProgressMessage | CaseMessage | FinalMessage;

export interface TestJudgeResult {
  status: number;
  time: number;
  memory: number;
  stderr: string;
  userInput: string;
  expectedOutput: string | null;
  userOutput: string;
  problemJudgeMode: string;
  /** Compile error text when status is Compile Error. */
  errorMessage: string;
}

export interface TestDataManifest {
  hash: string;
  files: Array<{ name: string; size: number; sha256: string }>;
}

export function encodeMessage(value: unknown): string {
  return JSON.stringify(value);
}

export function decodeMessage<T>(fields: string[]): T | null {
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === STREAM_FIELD) {
      try {
        return JSON.parse(fields[i + 1]) as T;
      } catch {
        return null;
      }
    }
  }
  return null;
}
