import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import mongoose from "mongoose";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/services";

// `npm start`'s launcher end to end: it starts every service, Ctrl-C stops every child, and a
// second start keeps the data of the first.

const { MongoClient } = mongoose.mongo;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "oj-launch-"));
const children: ChildProcess[] = [];

function pidsOf(dir: string): Array<{ pid: number; name: string }> {
  const file = path.join(dir, "run", "pids.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Array<{ pid: number; name: string }>) : [];
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function launch(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  let out = "";
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, OJ_ROOT_PASSWORD: "launcher-root", LOG_LEVEL: "info" } as NodeJS.ProcessEnv;
  for (const k of ["MONGODB_URI", "REDIS_URL", "GO_JUDGE_URL", "REDIS_PREFIX", "NODE_ENV"] as const) delete env[k];
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/launch.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 120_000;
  while (!out.includes("the site is up")) {
    if (child.exitCode !== null) throw new Error(`launcher exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`launcher did not come up:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, output: () => out };
}

async function interrupt(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGINT");
  return exited;
}

function storeUri(output: string): string {
  const m = output.match(/store: \w[\w-]* \((mongodb:\/\/[^)]+)\)/);
  if (!m) throw new Error(`no store address in:\n${output}`);
  return m[1];
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start launcher", () => {
  it("serves the site, stops every child on Ctrl-C, and keeps the data for the next start", async () => {
    const port = await freePort();
    const first = await launch(port);
    const res = await fetch(`http://127.0.0.1:${port}/home`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('lang="zh-CN"');
    expect((await fetch(`http://127.0.0.1:${port}/home?l=en`).then((r) => r.text())).includes('lang="en"')).toBe(true);

    const uri = storeUri(first.output());
    const client = await MongoClient.connect(uri);
    await client.db().collection("launcher_marks").insertOne({ _id: "kept" as never, at: new Date() });
    await client.close();

    const running = pidsOf(dataDir);
    expect(running.map((p) => p.name).sort()).toEqual(expect.arrayContaining(["judge", "redis", "sandbox", "store", "web"]));
    expect(await interrupt(first.child)).toBe(0);
    for (const p of running) expect(alive(p.pid), `${p.name} (${p.pid}) still running`).toBe(false);

    const second = await launch(port);
    const client2 = await MongoClient.connect(storeUri(second.output()));
    const mark = await client2.db().collection("launcher_marks").findOne({ _id: "kept" as never });
    await client2.close();
    expect(mark).not.toBeNull();
    // The super admin was created on the first start only.
    expect(first.output()).toContain("created the super admin 'root'");
    expect(second.output()).not.toContain("created the super admin 'root'");
    expect(await interrupt(second.child)).toBe(0);
  }, 300_000);
});
