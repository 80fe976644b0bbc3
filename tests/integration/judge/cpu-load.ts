import { spawn, type ChildProcess } from "node:child_process";
import os from "node:os";

// A busy host for judge tests: processes that spin on every core, at the niceness of this process
// (the judge here and the sandbox it started), so they compete with the programs being judged for
// the cores. Each spinner ends itself after `forMs` even if nobody stops it (a crashed test run), a
// timer of this process stops them at that time too, and stop() ends them at once.

export interface CpuLoad {
  readonly spinners: number;
  stop(): void;
}

export function startCpuLoad(o: { perCore: number; forMs: number }): CpuLoad {
  const seconds = Math.ceil(o.forMs / 1000);
  const niceness = os.getPriority();
  const children: ChildProcess[] = [];
  // bash's own SECONDS counter: the loop forks nothing, it only burns CPU.
  const spin = `while (( SECONDS < ${seconds} )); do :; done`;
  for (let i = 0; i < o.perCore * os.availableParallelism(); i++) {
    const child = spawn("bash", ["-c", spin], { stdio: "ignore" });
    if (child.pid) os.setPriority(child.pid, niceness);
    children.push(child);
  }
  const stop = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  setTimeout(stop, o.forMs).unref();
  return { spinners: children.length, stop };
}

/** Wall time over CPU time of `cpuMs` of computing in this process: about 1 on an idle host. */
export function slowdown(cpuMs: number): number {
  const start = process.cpuUsage();
  const wallStart = performance.now();
  const used = () => {
    const u = process.cpuUsage(start);
    return (u.user + u.system) / 1000;
  };
  while (used() < cpuMs);
  return (performance.now() - wallStart) / cpuMs;
}
