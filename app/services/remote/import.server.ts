import { randomUUID } from "node:crypto";
import { z } from "zod";
import { encodeMessage, JudgeStreams, REMOTE_FETCH_RESULT_KEY, STREAM_FIELD, type RemoteFetchResult, type RemoteFetchTask } from "~/lib/judge-protocol";
import { parseRemoteProblemId, remoteLanguageNames, type RemoteProblemRef } from "~/lib/remote-oj";
import { nextSeq } from "~/models/counter.server";
import { Problem, type ProblemDoc } from "~/models/problem.server";
import type { CurrentUser } from "../account/session.server";
import { administerContest, SITE } from "../contest/scope.server";
import { addContestProblem, addContestProblemSchema } from "../contest/problems.server";
import { DomainError } from "../errors.server";
import { addTrainingProblem } from "../training/problems.server";
import { administerTraining, SITE as SITE_TRAININGS } from "../training/scope.server";
import { pagesChanged } from "../platform/page-cache.server";
import { redis, rkey } from "../platform/redis.server";
import { problemVisibilityChanged } from "../problem/visibility.server";

// Adding a remote problem by its id ("HDU-1000", "CF-1A", …; spec sections 1 and 3). The web side
// never reaches the remote site: the fetch is a task on the remote lane, answered by a remote
// worker under <prefix>judge:remote-fetch:<key>, polled here. The problem is stored with isRemote,
// its OJ and remote id, the display id "<OJ>-<id>" (the OJ filter's prefix rule) and the OJ's
// languages; it has no test data (the remote judge has it).

/** One schema for the admin page's form and HOJ's GET ?name=&problemId= call. */
export const remoteImportSchema = z
  .object({
    name: z.string({ required_error: "remote:errors.idRequired" }).trim().min(1, "remote:errors.idRequired").max(10, "remote:errors.badId"),
    problemId: z.string({ required_error: "remote:errors.idRequired" }).trim().min(1, "remote:errors.idRequired").max(60, "remote:errors.badId"),
  })
  .transform((v, ctx) => {
    const ref = parseRemoteProblemId(`${v.name}-${v.problemId}`);
    if (!ref) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "remote:errors.badId", path: ["problemId"] });
      return z.NEVER;
    }
    return ref;
  });

/** The page's one field ("HDU-1000") in the schema's shape. */
export function splitTypedId(typed: string): { name: string; problemId: string } {
  const text = typed.trim();
  const dash = text.indexOf("-");
  return dash > 0 ? { name: text.slice(0, dash), problemId: text.slice(dash + 1) } : { name: "", problemId: text };
}

export const REMOTE_FETCH_TIMEOUT_MS = 60_000;

export interface RemoteImportOptions {
  timeoutMs?: number;
  pollMs?: number;
}

async function fetchRemote(ref: RemoteProblemRef, opts: RemoteImportOptions): Promise<RemoteFetchResult> {
  const task: RemoteFetchTask = { kind: "remote-fetch", key: randomUUID().replaceAll("-", ""), oj: ref.oj, remoteId: ref.remoteId, enqueuedAt: Date.now() };
  await redis().xadd(rkey(JudgeStreams.remoteTasks), "*", STREAM_FIELD, encodeMessage(task));
  const key = rkey(REMOTE_FETCH_RESULT_KEY, task.key);
  const deadline = Date.now() + (opts.timeoutMs ?? REMOTE_FETCH_TIMEOUT_MS);
  for (;;) {
    const raw = await redis().get(key);
    if (raw !== null) {
      await redis().del(key);
      return JSON.parse(raw) as RemoteFetchResult;
    }
    if (Date.now() >= deadline) throw new DomainError("unavailable", "remote:errors.noWorker");
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 200));
  }
}

export async function importRemoteProblem(input: unknown, actor: { username: string }, opts: RemoteImportOptions = {}): Promise<ProblemDoc> {
  const ref = remoteImportSchema.parse(input);
  if (await Problem.exists({ problemIdUpper: ref.problemId.toUpperCase() })) throw new DomainError("conflict", "remote:errors.exists", { id: ref.problemId });
  const fetched = await fetchRemote(ref, opts);
  if (!fetched.ok) throw new DomainError("invalid", "remote:errors.fetchFailed", { id: ref.problemId, reason: fetched.message });
  const p = fetched.problem;
  const now = new Date();
  for (let attempt = 0; ; attempt++) {
    try {
      const doc = await Problem.create({
        _id: await nextSeq("problem"),
        problemId: ref.problemId,
        problemIdUpper: ref.problemId.toUpperCase(),
        title: p.title.slice(0, 255) || ref.problemId,
        author: actor.username,
        modifiedUser: actor.username,
        description: p.description,
        input: p.input,
        output: p.output,
        hint: p.hint,
        source: p.source || ref.oj,
        examples: p.examples,
        timeLimit: Math.max(1, Math.round(p.timeLimit)),
        memoryLimit: Math.max(1, Math.round(p.memoryLimit)),
        isRemote: true,
        remoteOj: ref.oj,
        remoteId: ref.remoteId,
        isUploadCase: false,
        languages: remoteLanguageNames(ref.oj),
        gid: null,
        gmtCreate: now,
        gmtModified: now,
      });
      await problemVisibilityChanged();
      await pagesChanged("problems");
      return doc.toObject();
    } catch (err) {
      if ((err as { code?: number }).code !== 11000 || attempt >= 4) throw err;
      // The display id taken meanwhile, or a problem id another process drew too.
      if (await Problem.exists({ problemIdUpper: ref.problemId.toUpperCase() })) throw new DomainError("conflict", "remote:errors.exists", { id: ref.problemId });
    }
  }
}

/**
 * The remote problem to add to a contest or training (HOJ's import-remote-oj-problem of contests
 * and trainings): the one already stored under that id, else imported now.
 */
export async function remoteProblemFor(input: unknown, actor: { username: string }, opts: RemoteImportOptions = {}): Promise<ProblemDoc> {
  const ref = remoteImportSchema.parse(input);
  const existing = await Problem.findOne({ problemIdUpper: ref.problemId.toUpperCase() }).lean<ProblemDoc>();
  if (existing) {
    if (!existing.isRemote) throw new DomainError("conflict", "remote:errors.exists", { id: ref.problemId });
    return existing;
  }
  return importRemoteProblem({ name: ref.oj, problemId: ref.remoteId }, actor, opts);
}

/**
 * HOJ's contest and training variants of the import: the contest (or training) must exist and the
 * actor must be its admin before anything is fetched or stored; then the remote problem is added
 * to it (under `displayId` in a contest).
 */
export async function importRemoteProblemIntoContest(user: CurrentUser, ref: unknown, input: { cid: number; displayId: unknown }): Promise<void> {
  const checked = addContestProblemSchema.parse({ cid: input.cid, pid: 1, displayId: input.displayId });
  const cs = await administerContest(checked.cid, user, SITE);
  const problem = await remoteProblemFor(ref, user);
  await addContestProblem(cs, { ...checked, pid: problem._id }, "public");
}

export async function importRemoteProblemIntoTraining(user: CurrentUser, ref: unknown, tid: number): Promise<void> {
  const ts = await administerTraining(tid, user, SITE_TRAININGS);
  const problem = await remoteProblemFor(ref, user);
  await addTrainingProblem(ts, { tid, pid: problem._id }, "public");
}
