import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { JudgeStatus } from "../../../app/lib/constants";
import {
  REMOTE_ACCOUNTS_KEY,
  REMOTE_COOKIES_KEY,
  REMOTE_LOCK_KEY,
  REMOTE_RUN_KEY,
  type FinalMessage,
  type RemoteAccount,
  type RemoteFetchResult,
  type RemoteFetchTask,
  type RemoteSubmissionTask,
  type ResultMessage,
} from "../../../app/lib/judge-protocol";
import { remoteLanguageValue } from "../../../app/lib/remote-oj";
import type { RemoteOptions } from "../config";
import { adapterFor } from "./adapters";
import { CookieJar, RemoteHttp } from "./http";
import { RemoteError } from "./errors";
import { type RemoteAdapter, type RemoteSession } from "./types";

// The remote lane's work, run by the consumer (consumer.ts) under the same claim and acknowledgement
// rules as local judging: a remote submission takes a free account of its OJ (a Redis lock with an
// expiry, renewed while it polls), signs in with the account's kept cookies (or logs in again and
// keeps the new ones), submits, records the remote run (so a worker that takes the task over polls
// that run instead of submitting twice), polls with a growing wait, and maps the verdict. Login
// failures, captchas, rate limits and remote timeouts end as Submitted Failed with the reason.
// A worker that dies between the site taking the code and the run being recorded (one request)
// leaves no record, so the next worker submits again: these sites offer no way to make it atomic.

const LOCK_TTL_MS = 60_000;
const COOKIE_TTL_S = 24 * 3600;
const RUN_TTL_S = 3 * 24 * 3600;

interface RunRecord {
  account: string;
  runId: string;
  submittedAt: number;
}

interface SavedSession {
  cookies: Record<string, string>;
  headers: Record<string, string>;
}

type Publish = (m: ResultMessage) => Promise<void>;

// KEYS: lock. ARGV: token, ttl ms. Renews the lock only while it is ours.
const RENEW_LUA = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
// KEYS: lock. ARGV: token. Releases the lock only while it is ours.
const RELEASE_LUA = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason as Error);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

export class RemoteWorker {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly name: string,
    private readonly o: RemoteOptions,
    private readonly log: Logger,
  ) {}

  /** A Submitted Failed final message with the reason. */
  failedFinal(task: RemoteSubmissionTask, reason: string): FinalMessage {
    return {
      type: "final",
      submissionId: task.submissionId,
      attempt: task.attempt,
      judger: this.name,
      status: JudgeStatus.SUBMITTED_FAILED,
      score: 0,
      time: 0,
      memory: 0,
      errorMessage: reason.slice(0, 4000),
      cases: [],
    };
  }

  async fetch(task: RemoteFetchTask, signal: AbortSignal): Promise<RemoteFetchResult> {
    const adapter = adapterFor(task.oj);
    if (!adapter) return { ok: false, message: `Unknown remote judge ${task.oj}` };
    if (!this.baseUrl(adapter)) return { ok: false, message: `REMOTE_JUDGE_URL_${task.oj} is not set` };
    const http = new RemoteHttp(this.baseUrl(adapter), new CookieJar(), this.o.requestTimeoutMs, signal);
    try {
      return { ok: true, problem: await adapter.fetchProblem(http, task.remoteId) };
    } catch (err) {
      if (err instanceof RemoteError) return { ok: false, message: err.message };
      throw err;
    }
  }

  async judge(task: RemoteSubmissionTask, publish: Publish, signal: AbortSignal): Promise<FinalMessage> {
    const adapter = adapterFor(task.oj);
    if (!adapter) return this.failedFinal(task, `Unknown remote judge ${task.oj}`);
    if (!this.baseUrl(adapter)) return this.failedFinal(task, `REMOTE_JUDGE_URL_${task.oj} is not set`);
    const language = remoteLanguageValue(task.oj, task.language);
    if (language === null) return this.failedFinal(task, `${task.oj} does not take the language ${task.language}`);
    const runKey = `${this.prefix}${REMOTE_RUN_KEY}:${task.submissionId}:${task.attempt}`;
    const token = `${task.submissionId}:${task.attempt}`;
    const progress = (status: number) => publish({ type: "progress", submissionId: task.submissionId, attempt: task.attempt, status, judger: this.name });
    let lock: string | null = null;
    try {
      const recorded = await this.redis.get(runKey);
      let run: RunRecord | null = recorded ? (JSON.parse(recorded) as RunRecord) : null;
      let account: RemoteAccount;
      if (run) {
        // Taken over from a worker that submitted and then died: poll its run with its account.
        const known = (await this.accounts(task.oj)).find((a) => a.username === run!.account);
        if (!known) throw new RemoteError("login", `The ${task.oj} account ${run.account} that submitted this run is no longer configured`);
        account = known;
        lock = await this.lockAccount(task.oj, account, token, true, signal);
      } else {
        const got = await this.anyAccount(task.oj, token, signal);
        account = got.account;
        lock = got.lock;
      }
      const session = await this.session(adapter, account, signal);
      if (!run) {
        await progress(JudgeStatus.SUBMITTING);
        const runId = await this.withLogin(adapter, session, signal, () => adapter.submit(session, { remoteId: task.remoteId, language, code: task.code }));
        run = { account: account.username, runId, submittedAt: Date.now() };
        await this.redis.set(runKey, JSON.stringify(run), "EX", RUN_TTL_S);
        await this.saveSession(adapter, session);
        this.log.info({ oj: task.oj, account: account.username, runId, submissionId: task.submissionId }, "submitted to the remote judge");
      }
      await progress(JudgeStatus.JUDGING);
      let wait = this.o.pollMinMs;
      for (;;) {
        const result = await this.withLogin(adapter, session, signal, () => adapter.poll(session, { remoteId: task.remoteId, runId: run!.runId }));
        if (result.done) {
          const status = adapter.mapVerdict(result.raw);
          return {
            type: "final",
            submissionId: task.submissionId,
            attempt: task.attempt,
            judger: this.name,
            status,
            score: 0,
            time: Math.max(0, Math.round(result.time)),
            memory: Math.max(0, Math.round(result.memory)),
            errorMessage: status === JudgeStatus.SUBMITTED_FAILED && !result.message ? `${task.oj} answered ${result.raw}` : result.message.slice(0, 4000),
            cases: [],
          };
        }
        if (Date.now() - run.submittedAt > this.o.timeoutMs) {
          throw new RemoteError("timeout", `${task.oj} gave no verdict for run ${run.runId} within ${Math.round(this.o.timeoutMs / 1000)} s (last status: ${result.raw})`);
        }
        await sleep(wait, signal);
        wait = Math.min(wait * 2, this.o.pollMaxMs);
        if (lock) await this.redis.eval(RENEW_LUA, 1, lock, token, String(LOCK_TTL_MS));
      }
    } catch (err) {
      if (err instanceof RemoteError && !signal.aborted) {
        this.log.warn({ oj: task.oj, kind: err.kind, err: err.message, submissionId: task.submissionId }, "remote submission failed");
        return this.failedFinal(task, err.message);
      }
      throw err;
    } finally {
      if (lock) await this.redis.eval(RELEASE_LUA, 1, lock, token).catch(() => undefined);
    }
  }

  private baseUrl(adapter: RemoteAdapter): string {
    return this.o.baseUrls[adapter.oj] ?? adapter.defaultBaseUrl;
  }

  private async accounts(oj: string): Promise<RemoteAccount[]> {
    const raw = await this.redis.get(`${this.prefix}${REMOTE_ACCOUNTS_KEY}:${oj}`);
    if (!raw) return [];
    try {
      const list = JSON.parse(raw) as unknown;
      return Array.isArray(list) ? list.filter((a): a is RemoteAccount => !!a && typeof a.username === "string" && typeof a.password === "string") : [];
    } catch {
      return [];
    }
  }

  private lockKey(oj: string, account: RemoteAccount): string {
    return `${this.prefix}${REMOTE_LOCK_KEY}:${oj}:${account.username}`;
  }

  /** The lock of one account; `force` takes it whoever holds it (only to poll a run it made). */
  private async lockAccount(oj: string, account: RemoteAccount, token: string, force: boolean, _signal: AbortSignal): Promise<string | null> {
    const key = this.lockKey(oj, account);
    if (force) {
      await this.redis.set(key, token, "PX", LOCK_TTL_MS);
      return key;
    }
    const ok = await this.redis.set(key, token, "PX", LOCK_TTL_MS, "NX");
    return ok === "OK" ? key : null;
  }

  /** A free account of the OJ, waiting for one (up to accountWaitMs) while all are in use. */
  private async anyAccount(oj: string, token: string, signal: AbortSignal): Promise<{ account: RemoteAccount; lock: string }> {
    const started = Date.now();
    let wait = 200;
    for (;;) {
      const accounts = await this.accounts(oj);
      if (accounts.length === 0) throw new RemoteError("login", `No ${oj} account is configured for remote judging`);
      // Start at a random account so the load spreads over them.
      const offset = Math.floor(Math.random() * accounts.length);
      for (let i = 0; i < accounts.length; i++) {
        const account = accounts[(offset + i) % accounts.length];
        // Our own lock (a worker of this same task died holding it) counts as free.
        const key = this.lockKey(oj, account);
        if ((await this.redis.get(key)) === token) return { account, lock: key };
        const lock = await this.lockAccount(oj, account, token, false, signal);
        if (lock) return { account, lock };
      }
      if (Date.now() - started >= this.o.accountWaitMs) throw new RemoteError("rate-limit", `Every ${oj} account stayed busy for ${Math.round(this.o.accountWaitMs / 1000)} s`);
      await sleep(wait, signal);
      wait = Math.min(wait * 2, 2000);
    }
  }

  private cookieKey(adapter: RemoteAdapter, account: RemoteAccount): string {
    return `${this.prefix}${REMOTE_COOKIES_KEY}:${adapter.oj}:${account.username}`;
  }

  /** A signed-in session: the kept cookies when they still sign in, else a new login. */
  private async session(adapter: RemoteAdapter, account: RemoteAccount, signal: AbortSignal): Promise<RemoteSession> {
    const raw = await this.redis.get(this.cookieKey(adapter, account));
    let saved: SavedSession | null = null;
    try {
      saved = raw ? (JSON.parse(raw) as SavedSession) : null;
    } catch {
      saved = null;
    }
    if (saved) {
      const http = new RemoteHttp(this.baseUrl(adapter), new CookieJar(saved.cookies), this.o.requestTimeoutMs, signal);
      Object.assign(http.headers, saved.headers);
      const s = { account, http };
      if (await adapter.loggedIn(s)) return s;
    }
    return this.login(adapter, account, signal);
  }

  private async login(adapter: RemoteAdapter, account: RemoteAccount, signal: AbortSignal): Promise<RemoteSession> {
    const s: RemoteSession = { account, http: new RemoteHttp(this.baseUrl(adapter), new CookieJar(), this.o.requestTimeoutMs, signal) };
    try {
      await adapter.login(s);
    } catch (err) {
      await this.redis.del(this.cookieKey(adapter, account));
      throw err;
    }
    await this.saveSession(adapter, s);
    return s;
  }

  private async saveSession(adapter: RemoteAdapter, s: RemoteSession): Promise<void> {
    const saved: SavedSession = { cookies: s.http.jar.toJSON(), headers: { ...s.http.headers } };
    await this.redis.set(this.cookieKey(adapter, s.account), JSON.stringify(saved), "EX", COOKIE_TTL_S);
  }

  /** Runs a step; when the site says the session ended (RemoteError "login"), logs in once more and retries. */
  private async withLogin<T>(adapter: RemoteAdapter, s: RemoteSession, signal: AbortSignal, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (err) {
      if (!(err instanceof RemoteError) || err.kind !== "login") throw err;
      const fresh = await this.login(adapter, s.account, signal);
      s.http = fresh.http;
      return step();
    }
  }
}
