import type { RemoteAccount, RemoteProblemData } from "../../../app/lib/judge-protocol";
import type { RemoteHttp } from "./http";

// One small interface per remote judge: a new OJ is one file in adapters/ that implements it and
// one line in adapters/index.ts.

/** A logged-in account: its HTTP client carries the account's cookies. */
export interface RemoteSession {
  account: RemoteAccount;
  http: RemoteHttp;
}

export interface SubmitRequest {
  remoteId: string;
  /** The OJ's value of the language field (app/lib/remote-oj.ts). */
  language: string;
  code: string;
}

export type PollResult =
  /** Still queued or running there. */
  | { done: false; raw: string }
  /** The remote verdict as the site writes it, time in ms, memory in KB, the compile message if any. */
  | { done: true; raw: string; time: number; memory: number; message: string };

export interface RemoteAdapter {
  readonly oj: string;
  /** The real site (overridden by REMOTE_JUDGE_URL_<OJ>). */
  readonly defaultBaseUrl: string;
  /** Signs the session's account in (its cookies are kept); throws RemoteError("login" | "captcha" | …). */
  login(s: RemoteSession): Promise<void>;
  /** Whether the cookies the session carries still sign it in (false: log in again). */
  loggedIn(s: RemoteSession): Promise<boolean>;
  /** Statement, limits and samples; anonymous. */
  fetchProblem(http: RemoteHttp, remoteId: string): Promise<RemoteProblemData>;
  /** Submits and returns the remote run id. */
  submit(s: RemoteSession, req: SubmitRequest): Promise<string>;
  poll(s: RemoteSession, req: { remoteId: string; runId: string }): Promise<PollResult>;
  /** Our status code (app/lib/constants.ts JudgeStatus) for a final remote verdict. */
  mapVerdict(raw: string): number;
}
