import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// Children run in their own process groups so Ctrl-C reaches only the launcher, which then stops
// them in order (web and judge first, the store last). If the launcher itself is killed hard, the
// next start finds the leftovers in this file and stops them before starting new ones.

interface Entry {
  pid: number;
  name: string;
  cmd: string;
}

function file(dataDir: string): string {
  return path.join(dataDir, "run", "pids.json");
}

function read(dataDir: string): Entry[] {
  try {
    return JSON.parse(readFileSync(file(dataDir), "utf8")) as Entry[];
  } catch {
    return [];
  }
}

function cmdline(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return null;
  }
}

export function recordPid(dataDir: string, pid: number | undefined, name: string, cmd: string): void {
  if (!pid) return;
  mkdirSync(path.dirname(file(dataDir)), { recursive: true });
  const entries = read(dataDir).filter((e) => e.pid !== pid);
  entries.push({ pid, name, cmd });
  writeFileSync(file(dataDir), JSON.stringify(entries));
}

export function forgetPid(dataDir: string, pid: number | undefined): void {
  if (!pid || !existsSync(file(dataDir))) return;
  writeFileSync(file(dataDir), JSON.stringify(read(dataDir).filter((e) => e.pid !== pid)));
}

/** Stops processes a previous launcher left behind (only if they still run the same command). */
export async function stopLeftovers(dataDir: string, log: (line: string) => void): Promise<void> {
  const left = read(dataDir).filter((e) => cmdline(e.pid)?.includes(e.cmd));
  for (const e of left) {
    log(`stopping ${e.name} (pid ${e.pid}) left by an earlier start`);
    try {
      process.kill(-e.pid, "SIGTERM");
    } catch {
      try {
        process.kill(e.pid, "SIGTERM");
      } catch {
        /* gone */
      }
    }
  }
  const deadline = Date.now() + 8000;
  while (left.some((e) => cmdline(e.pid)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const e of left) {
    if (cmdline(e.pid)) {
      try {
        process.kill(-e.pid, "SIGKILL");
      } catch {
        /* gone */
      }
    }
  }
  if (existsSync(file(dataDir))) writeFileSync(file(dataDir), "[]");
}
