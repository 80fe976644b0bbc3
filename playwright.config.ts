import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// The whole site is started once for the browser tests (tests/e2e/support/serve.ts), in its own
// data folder and port. Values are put in the environment so the worker processes, which load
// this file again, see the same ones.
process.env.E2E_PORT ??= String(3900 + (process.pid % 90));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "oj-e2e-"));
process.env.E2E_BASE_PATH ??= "/";
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}${process.env.E2E_BASE_PATH}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // The browser tests mostly wait (on the site, the judge, idle networks): three share two cores well.
  workers: 3,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    locale: "zh-CN",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        // The system Chromium; Playwright never downloads a browser here.
        launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] },
      },
    },
  ],
  webServer: {
    command: "node --import tsx tests/e2e/support/serve.ts",
    url: `${baseURL}healthz`,
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
  },
});
