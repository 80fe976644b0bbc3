// Shared by `npm start` and `npm test` on a fresh clone: install and build when needed. Plain
// JavaScript with no dependencies, because it runs before `npm install`.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

export function say(line) {
  process.stdout.write(`[prepare]  ${line}\n`);
}

export function run(cmd, args, extraEnv = {}) {
  const res = spawnSync(cmd, args, { stdio: "inherit", cwd: root, env: { ...process.env, ...extraEnv } });
  if (res.status !== 0) {
    say(`\`${cmd} ${args.join(" ")}\` failed`);
    process.exit(res.status ?? 1);
  }
}

function newest(p) {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = st.mtimeMs;
  for (const name of readdirSync(full)) m = Math.max(m, newest(path.join(p, name)));
  return m;
}

export function checkNode() {
  const [major] = process.versions.node.split(".").map(Number);
  if (major < 20) {
    say(`Node.js 20 or newer is needed (this is ${process.versions.node})`);
    process.exit(1);
  }
}

/** Dependencies: installed when missing or when the lock file changed since the last install. */
export function ensureInstalled() {
  const marker = "node_modules/.package-lock.json";
  if (!newest(marker) || newest("package-lock.json") > newest(marker)) {
    say("installing dependencies (npm ci)…");
    // Browsers are never downloaded: the browser tests use the system Chromium.
    const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };
    const ci = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { stdio: "inherit", cwd: root, env });
    if (ci.status !== 0) {
      // Some npm 11 releases refuse a lock file that lists other platforms' optional packages.
      say("npm ci refused the lock file; installing with npm install instead");
      run("npm", ["install", "--no-audit", "--no-fund"], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" });
    }
  }
}

/** The Remix build: rebuilt when any of its sources is newer than it. */
export function ensureBuilt() {
  const built = newest("build/index.js");
  const sources = Math.max(newest("app"), newest("remix.config.js"), newest("tailwind.config.ts"), newest("package-lock.json"));
  if (!built || sources > built) {
    say("building the site (remix build)…");
    // Always the production build (minified, React's production code): remix build would follow a
    // NODE_ENV of "development" or "test" left in the environment.
    run("npx", ["remix", "build"], { NODE_ENV: "production" });
  }
}
