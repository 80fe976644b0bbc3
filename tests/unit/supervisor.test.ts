import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { exitReason, restartDelay, supervise, type Supervised } from "../../scripts/lib/supervisor";

// The restart policy of `npm start`, on real child processes.

const watched: Supervised[] = [];

afterEach(async () => {
  for (const s of watched.splice(0)) await s.stop();
});

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/** A node process running `code`. */
function node(code: string): () => ChildProcess {
  return () => spawn(process.execPath, ["-e", code], { stdio: "ignore" });
}

function waitFor(what: string, ok: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (ok()) return resolve();
      if (Date.now() > deadline) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(tick, 20);
    };
    tick();
  });
}

const FAST = { initialMs: 50, maxMs: 400, resetAfterMs: 5000 };

describe("restart policy", () => {
  it("doubles the delay with each quick failure, up to the cap", () => {
    const policy = { initialMs: 500, maxMs: 30_000, resetAfterMs: 30_000 };
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => restartDelay(n, policy))).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(restartDelay(0, policy)).toBe(500);
    expect(restartDelay(1000, policy)).toBe(30_000);
  });

  it("says how a child ended", () => {
    expect(exitReason(3, null)).toBe("exited with code 3");
    expect(exitReason(null, "SIGKILL")).toBe("killed by SIGKILL");
  });
});

describe("supervise", () => {
  it("starts a child that died again, logging why, without waiting for anyone", async () => {
    const lines: string[] = [];
    const s = await supervise({ name: "worker", launch: node("setInterval(() => {}, 1000)"), stop: stopChild }, (line) => lines.push(line), FAST);
    watched.push(s);
    const first = s.child!;
    const since = Date.now();
    first.kill("SIGKILL");
    const second = await s.back(since, 10_000);
    expect(second.pid).not.toBe(first.pid);
    expect(second.exitCode).toBeNull();
    expect(s.restarts).toBe(1);
    expect(lines.some((l) => /^worker killed by SIGKILL after [\d.]+ s; restarting it in 50 ms$/.test(l))).toBe(true);
    expect(lines.some((l) => l === `worker is running again (pid ${second.pid})`)).toBe(true);
  });

  it("backs off while the child keeps failing quickly", async () => {
    const lines: string[] = [];
    const s = await supervise({ name: "crashy", launch: node("setTimeout(() => process.exit(3), 30)"), stop: stopChild }, (line) => lines.push(line), FAST);
    watched.push(s);
    await waitFor("four restarts", () => s.restarts >= 4);
    const delays = lines.filter((l) => l.startsWith("crashy exited with code 3")).map((l) => Number(/restarting it in (\d+) ms/.exec(l)![1]));
    expect(delays.slice(0, 4)).toEqual([50, 100, 200, 400]);
  });

  it("waits until a restarted child serves, and kills one that never does", async () => {
    const lines: string[] = [];
    let serving = true;
    const s = await supervise(
      { name: "server", launch: node("setInterval(() => {}, 1000)"), ready: async () => serving, readyTimeoutMs: 300, stop: stopChild },
      (line) => lines.push(line),
      FAST,
    );
    watched.push(s);
    serving = false;
    const stuck = s.child!;
    stuck.kill("SIGKILL");
    // The restarted one does not serve within 300 ms: it is killed and started again.
    await waitFor("a child killed for not serving", () => lines.some((l) => l.startsWith("server did not become ready within 0.3s; killing it")));
    serving = true;
    await waitFor("a serving child", () => lines.some((l) => l.startsWith("server is running again")));
    expect(s.restarts).toBeGreaterThanOrEqual(2);
  });

  it("restarts nothing once stopped, and starts again on demand", async () => {
    const lines: string[] = [];
    const s = await supervise({ name: "svc", launch: node("setInterval(() => {}, 1000)"), stop: stopChild }, (line) => lines.push(line), FAST);
    watched.push(s);
    const first = s.child!;
    await s.stop();
    expect(first.signalCode).toBe("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    expect(s.child).toBeNull();
    expect(lines).toEqual([]);
    await s.start();
    expect(s.child?.exitCode).toBeNull();
    expect(s.child?.pid).not.toBe(first.pid);
  });

  it("fails a first start that never serves, leaving nothing running", async () => {
    let launched: ChildProcess | null = null;
    const launch = () => (launched = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" }));
    await expect(supervise({ name: "never", launch, ready: async () => false, readyTimeoutMs: 200, stop: stopChild }, () => undefined, FAST)).rejects.toThrow(
      "never did not become ready within 0.2s",
    );
    await waitFor("the child to be gone", () => launched!.exitCode !== null || launched!.signalCode !== null);
  });
});
