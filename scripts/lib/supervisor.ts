import type { ChildProcess } from "node:child_process";
import type { LineSink } from "./prefix";

// Keeps a child process running, the way a container runtime's restart policy keeps a container
// running: a child that dies on its own is logged with its exit reason and started again after a
// delay that doubles with every quick failure (capped), without touching the other children. `npm
// start` and the browser tests' site watch every child they start through this (web, judge, store,
// Redis, sandbox); docker-compose.yml and the Kubernetes manifests express the same policy.

export interface RestartPolicy {
  /** Delay before the first restart. */
  initialMs: number;
  /** Largest delay between restarts. */
  maxMs: number;
  /** A child that ran at least this long before dying starts again from `initialMs`. */
  resetAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = { initialMs: 500, maxMs: 30_000, resetAfterMs: 30_000 };

/** The delay before restart number `failures` (1 for the first) of a run of quick failures. */
export function restartDelay(failures: number, policy: RestartPolicy = DEFAULT_RESTART_POLICY): number {
  const n = Math.max(1, Math.floor(failures));
  return Math.min(policy.maxMs, policy.initialMs * 2 ** Math.min(n - 1, 30));
}

/** How a child ended, in words: "exited with code 1", "killed by SIGKILL". */
export function exitReason(code: number | null, signal: NodeJS.Signals | null): string {
  if (signal) return `killed by ${signal}`;
  return `exited with code ${code ?? "unknown"}`;
}

export interface SupervisedSpec {
  name: string;
  /** Starts the process (a new one at every restart). */
  launch(): ChildProcess;
  /** True once the child serves; polled after every start. */
  ready?: () => Promise<boolean>;
  /** How long a start may take before the child is killed and started again. */
  readyTimeoutMs?: number;
  /** Stops one process: SIGTERM, then SIGKILL after a while. */
  stop(child: ChildProcess): Promise<void>;
}

export interface Supervised {
  readonly name: string;
  /** The running process (null between a crash and its restart). */
  readonly child: ChildProcess | null;
  /** Restarts made so far. */
  readonly restarts: number;
  /** Resolves once a child started after `since` (a restart) serves again. */
  back(since: number, timeoutMs?: number): Promise<ChildProcess>;
  /** Stops the child: no restart follows until start(). */
  stop(): Promise<void>;
  /** Starts a stopped child again (and watches it again); resolves once it serves. */
  start(): Promise<void>;
}

const POLL_MS = 150;

async function waitReady(child: ChildProcess, spec: SupervisedSpec): Promise<void> {
  const timeoutMs = spec.readyTimeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${spec.name} ${exitReason(child.exitCode, child.signalCode)} while starting`);
    }
    if (!spec.ready || (await spec.ready())) return;
    if (Date.now() > deadline) throw new Error(`${spec.name} did not become ready within ${timeoutMs / 1000}s`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * Starts a child and waits until it serves (a failure here is the caller's: nothing is restarted),
 * then watches it: every later exit is logged and followed by a restart after the policy's delay.
 */
export async function supervise(spec: SupervisedSpec, sink: LineSink, policy: RestartPolicy = DEFAULT_RESTART_POLICY): Promise<Supervised> {
  let child: ChildProcess | null = null;
  let startedAt = 0;
  let servingSince = 0;
  let failures = 0;
  let restarts = 0;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  const waiters: Array<() => void> = [];

  const served = () => {
    servingSince = Date.now();
    for (const w of waiters.splice(0)) w();
  };

  const watch = (c: ChildProcess) => {
    c.once("exit", (code, signal) => {
      if (child === c) child = null;
      if (stopping) return;
      const ranMs = Date.now() - startedAt;
      failures = ranMs >= policy.resetAfterMs ? 1 : failures + 1;
      const delay = restartDelay(failures, policy);
      sink(`${spec.name} ${exitReason(code, signal)} after ${(ranMs / 1000).toFixed(1)} s; restarting it in ${delay} ms`, "start");
      timer = setTimeout(() => {
        timer = null;
        if (!stopping) start(true);
      }, delay);
    });
  };

  const start = (restart: boolean): ChildProcess => {
    const c = spec.launch();
    child = c;
    startedAt = Date.now();
    watch(c);
    if (restart) {
      restarts++;
      waitReady(c, spec).then(
        () => {
          sink(`${spec.name} is running again (pid ${c.pid})`, "start");
          served();
        },
        (err: Error) => {
          if (stopping || c.exitCode !== null || c.signalCode !== null) return;
          // Alive but not serving: killed, so the exit handler starts it again after the delay.
          sink(`${err.message}; killing it`, "start");
          c.kill("SIGKILL");
        },
      );
    }
    return c;
  };

  const first = start(false);
  try {
    await waitReady(first, spec);
  } catch (err) {
    stopping = true;
    await spec.stop(first);
    throw err;
  }
  served();

  return {
    name: spec.name,
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    back(since: number, timeoutMs = 60_000) {
      return new Promise<ChildProcess>((resolve, reject) => {
        const done = () => {
          clearTimeout(t);
          resolve(child!);
        };
        const t = setTimeout(() => {
          const i = waiters.indexOf(done);
          if (i >= 0) waiters.splice(i, 1);
          reject(new Error(`${spec.name} did not come back within ${timeoutMs / 1000}s`));
        }, timeoutMs);
        if (child && servingSince > since && startedAt > since) done();
        else waiters.push(done);
      });
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      if (child) await spec.stop(child);
    },
    async start() {
      if (!stopping) return;
      stopping = false;
      failures = 0;
      const c = start(false);
      await waitReady(c, spec);
      served();
    },
  };
}
