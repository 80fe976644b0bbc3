import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { consoleSink } from "../../scripts/lib/prefix";
import { startServices, type RunningServices } from "../../scripts/lib/services";

declare module "vitest" {
  export interface ProvidedContext {
    mongodbUri: string;
    redisUrl: string;
    goJudgeUrl: string;
    dataDir: string;
  }
}

let services: RunningServices | null = null;
let dataDir = "";

export async function setup(project: TestProject) {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "oj-test-"));
  services = await startServices({
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
}

export async function teardown() {
  await services?.stop();
  if (dataDir && !process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
}
