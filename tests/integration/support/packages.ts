import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { env } from "~/services/platform/env.server";
import { PACKAGES, packageZip } from "../../fixtures/packages";
import { loadJudgeService, startInternalEndpoints, type RunningJudge } from "./judge-service";

// Problem packages for the import tests, zipped from the folders of tests/fixtures/packages/, and a
// judge that builds and checks them.

export { PACKAGES };

/** Writes the package's zip (with `changes`, see packageZip) into `into`; returns its path. */
export async function zipPackage(kind: "kattis" | "polygon", name: string, into: string, changes: Record<string, string | null> = {}): Promise<string> {
  const zip = path.join(into, `${name}-${Math.random().toString(36).slice(2)}.zip`);
  await writeFile(zip, await packageZip(kind, name, changes));
  return zip;
}

export async function tempDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), "oj-packages-"));
}

/** A real judge on the test lane (self-tests, compile checks, package programs), fetching data from the internal endpoints. */
export async function startPackageJudge(name: string, settings: { runKeepBytes?: number } = {}): Promise<{ judge: RunningJudge; stop(): Promise<void> }> {
  const endpoints = await startInternalEndpoints();
  const api = await loadJudgeService();
  const cacheDir = await mkdtemp(path.join(os.tmpdir(), "oj-judge-cache-"));
  const judge = await api.startJudge({
    redisUrl: env.redisUrl,
    redisPrefix: env.redisPrefix,
    goJudgeUrl: process.env.GO_JUDGE_URL!,
    webInternalUrl: endpoints.url,
    judgeToken: env.judgeToken,
    name,
    concurrency: 2,
    testConcurrency: 1,
    claimIdleMs: 60_000,
    heartbeatMs: 500,
    cacheDir,
    stopGraceMs: 2000,
    logLevel: "warn",
    settings,
  });
  return {
    judge,
    async stop() {
      await judge.stop({ graceMs: 1000 });
      await endpoints.close();
      await rm(cacheDir, { recursive: true, force: true });
    },
  };
}
