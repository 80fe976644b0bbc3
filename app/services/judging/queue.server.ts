import {
  encodeMessage,
  JUDGES_KEY,
  JUDGE_STALE_MS,
  JudgeStreams,
  LAST_LANGUAGES_KEY,
  STREAM_FIELD,
  type JudgeInfo,
  type JudgeTask,
  type TaskProblem,
} from "~/lib/judge-protocol";
import type { ProblemDoc } from "~/models/problem.server";
import { redis, rkey } from "../platform/redis.server";

// The web side of the judge queue: publishing tasks and reading which judges are alive.

/** Appends a task to its lane: contest submissions first, self-tests and compile checks apart, remote tasks on theirs. */
export async function publishTask(task: JudgeTask): Promise<string> {
  const lane =
    task.kind === "submission"
      ? task.contest
        ? JudgeStreams.contestTasks
        : JudgeStreams.normalTasks
      : task.kind === "remote" || task.kind === "remote-fetch"
        ? JudgeStreams.remoteTasks
        : JudgeStreams.testTasks;
  const id = await redis().xadd(rkey(lane), "*", STREAM_FIELD, encodeMessage(task));
  return id ?? "";
}

/** What a judge needs to know about a problem (it never reads the database). */
export function toTaskProblem(p: ProblemDoc): TaskProblem {
  return {
    pid: p._id,
    problemId: p.problemId,
    type: p.type,
    judgeMode: (p.judgeMode as TaskProblem["judgeMode"]) ?? "default",
    judgeCaseMode: (p.judgeCaseMode as TaskProblem["judgeCaseMode"]) ?? "default",
    timeLimit: p.timeLimit,
    memoryLimit: p.memoryLimit,
    stackLimit: p.stackLimit,
    isRemoveEndBlank: p.isRemoveEndBlank,
    isFileIO: p.isFileIO,
    ioReadFileName: p.ioReadFileName ?? "",
    ioWriteFileName: p.ioWriteFileName ?? "",
    spjLanguage: p.judgeMode === "default" ? null : (p.spjLanguage ?? "C"),
    spjCode: p.judgeMode === "default" ? null : (p.spjCode ?? ""),
    spjProtocol: p.judgeMode !== "default" && p.spjProtocol === "kattis" ? "kattis" : "testlib",
    userExtraFiles: (p.userExtraFile ?? []).map((f) => ({ name: f.name, content: f.content })),
    judgeExtraFiles: (p.judgeExtraFile ?? []).map((f) => ({ name: f.name, content: f.content })),
    testDataHash: p.testCaseHash,
    cases: (p.testCases ?? []).map((c, i) => ({
      index: i + 1,
      input: c.input,
      output: c.output,
      score: c.score ?? 0,
      groupNum: c.groupNum ?? 0,
    })),
  };
}

/** Judges whose heartbeat is recent. */
export async function liveJudges(now = Date.now()): Promise<JudgeInfo[]> {
  const all = await redis().hgetall(rkey(JUDGES_KEY));
  const out: JudgeInfo[] = [];
  for (const raw of Object.values(all)) {
    try {
      const info = JSON.parse(raw) as JudgeInfo;
      if (now - info.heartbeatAt <= JUDGE_STALE_MS) out.push(info);
    } catch {
      // A malformed entry is ignored; its judge rewrites it on the next heartbeat.
    }
  }
  return out;
}

export interface JudgeLanguages {
  /** Languages some live judge runs now. */
  live: Set<string>;
  /**
   * Languages the site offers: those of the live judges; with none online, the last set judges
   * advertised (kept by their heartbeats); null where no judge ever advertised (the whole catalogue).
   */
  offered: Set<string> | null;
}

let languagesCache: { at: number; value: JudgeLanguages } | null = null;

async function lastAdvertised(): Promise<Set<string> | null> {
  const raw = await redis().get(rkey(LAST_LANGUAGES_KEY));
  if (!raw) return null;
  try {
    const names = JSON.parse(raw) as unknown;
    return Array.isArray(names) ? new Set(names.filter((n): n is string => typeof n === "string")) : null;
  } catch {
    return null;
  }
}

/**
 * What the judges run now and what the site offers (cached a few seconds). While Redis cannot be
 * asked, the last answer stands: a submission made then is stored, and queued once Redis is back.
 */
export async function judgeLanguages(): Promise<JudgeLanguages> {
  if (languagesCache && Date.now() - languagesCache.at < 5000) return languagesCache.value;
  try {
    const live = new Set<string>();
    for (const j of await liveJudges()) for (const l of j.languages) live.add(l);
    const value = { live, offered: live.size > 0 ? live : await lastAdvertised() };
    languagesCache = { at: Date.now(), value };
    return value;
  } catch (err) {
    if (languagesCache) return languagesCache.value;
    throw err;
  }
}

/** Languages some live judge can run (cached a few seconds). */
export async function availableLanguages(): Promise<Set<string>> {
  return (await judgeLanguages()).live;
}

/** Forgets the cached languages (tests change the judges under a running site). */
export function forgetJudgeLanguages(): void {
  languagesCache = null;
}
