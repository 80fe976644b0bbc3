#!/usr/bin/env node
// `npm test`: types and lint, unit and integration tests against real services, then the browser
// tests in the system Chromium. Arguments after `--` go to both test runners (a file filter).
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { checkNode, ensureBuilt, ensureInstalled, root, run, say } from "./lib/prepare.mjs";

process.chdir(root);
checkNode();
ensureInstalled();
ensureBuilt();

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  const canApt = process.getuid?.() === 0 && spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (!canApt) {
    say(`Chromium is missing at ${chromium}: install Debian's chromium package (or set CHROMIUM_PATH)`);
    process.exit(1);
  }
  say("installing Chromium from Debian's packages…");
  run("apt-get", ["install", "-y", "--no-install-recommends", "chromium"], { DEBIAN_FRONTEND: "noninteractive" });
}

const only = process.argv.slice(2);
const skip = new Set((process.env.SKIP ?? "").split(",").filter(Boolean));
if (!skip.has("check")) {
  say("type check, lint, layers and unused code…");
  run("npx", ["tsc", "--noEmit"]);
  run("npx", ["eslint", "."]);
  // The layer rules of .dependency-cruiser.cjs (docs/DEVELOPING.md, "Layers").
  run("npm", ["run", "--silent", "layers"]);
  // Unused files, exports and dependencies (knip.jsonc names the entries knip cannot find itself).
  run("npx", ["knip"]);
}
if (!skip.has("unit")) {
  say("unit and integration tests…");
  run("npx", ["vitest", "run", ...only]);
}
if (!skip.has("e2e")) {
  say("browser tests…");
  run("npx", ["playwright", "test", ...only], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" });
}
say("all tests passed");
