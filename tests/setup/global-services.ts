import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { consoleSink } from "../../scripts/lib/prefix";
import { startServices, type RunningServices } from "../../scripts/lib/services";
import { sharedPchDir } from "../../judge-service/src/sandbox-host";

declare module "vitest" {
  export interface ProvidedContext {
    mongodbUri: string;
    redisUrl: string;
    goJudgeUrl: string;
    dataDir: string;
    pchDir: string;
  }
}

let services: RunningServices | null = null;
let dataDir = "";

export async function setup(project: TestProject) {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "oj-test-"));
  // Every judge of the run shares the sandbox's folder of precompiled headers, kept across runs.
  const pchDir = process.env.JUDGE_PCH_DIR || sharedPchDir();
  services = await startServices({
    env: { ...process.env, JUDGE_PCH_DIR: pchDir },
    dataDir,
    toolsDir: path.resolve(process.env.TOOLS_DIR ?? ".tools"),
    // Only failures of the services are worth showing during a test run.
    sink: (line, source) => {
      if (/error|fatal|panic/i.test(line)) consoleSink(line, source);
    },
  });
  project.provide("mongodbUri", services.mongodbUri);
  project.provide("redisUrl", services.redisUrl);
  project.provide("goJudgeUrl", services.goJudgeUrl);
  project.provide("dataDir", dataDir);
  project.provide("pchDir", pchDir);
}

export async function teardown() {
  await services?.stop();
  if (dataDir && !process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
}
