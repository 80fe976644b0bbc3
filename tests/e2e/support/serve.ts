import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sharedPchDir } from "../../../judge-service/src/sandbox-host";
import { consoleSink } from "../../../scripts/lib/prefix";
import { startStack } from "../../../scripts/lib/stack";
import { startRemoteSites } from "../../fixtures/remote-oj/sites";
import { E2E_RATE_LIMIT_SCALE } from "./limits";
import { startMailbox } from "./mailbox";

// Started by Playwright's webServer: a local SMTP server, then the whole site configured to send
// its e-mail there. What the fixtures need to reach the same store is written to stack.json.

const dataDir = process.env.E2E_DATA_DIR!;
const port = Number(process.env.E2E_PORT);
mkdirSync(dataDir, { recursive: true });
const mailbox = await startMailbox(path.join(dataDir, "mailbox"));
// Local stand-ins for the remote judges (tests/fixtures/remote-oj): the site's remote workers use them.
const remoteSites = await startRemoteSites();
const remoteEnv = Object.fromEntries(Object.entries(remoteSites.urls).map(([oj, url]) => [`REMOTE_JUDGE_URL_${oj}`, url]));

const stack = await startStack({
  dataDir,
  toolsDir: path.resolve(process.env.TOOLS_DIR ?? ".tools"),
  port,
  sink: (line, source) => {
    // A child that died (and is being restarted) is always worth showing.
    if (process.env.E2E_VERBOSE || /error|fatal|panic/i.test(line) || (source === "start" && /restarting it/.test(line))) consoleSink(line, source);
  },
  env: {
    BASE_PATH: process.env.E2E_BASE_PATH ?? "/",
    OJ_ROOT_PASSWORD: process.env.E2E_ROOT_PASSWORD ?? "root-e2e-pass",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(mailbox.port),
    SMTP_SECURE: "false",
    SMTP_FROM: "Online Judge <noreply@oj.test>",
    LOG_LEVEL: "warn",
    // Precompiled headers built once for this machine's test stacks, not once per run.
    JUDGE_PCH_DIR: process.env.JUDGE_PCH_DIR || sharedPchDir(),
    // Browser tests sign in many times from one address.
    RATE_LIMIT_SCALE: String(E2E_RATE_LIMIT_SCALE),
    // The browser connects from loopback, trusted as a proxy: a test chooses its client address
    // with X-Forwarded-For (the failed-login count is kept per address).
    TRUST_PROXY: "loopback",
    // The AI tests' chat-completions server listens on loopback.
    AI_ALLOW_PRIVATE_ENDPOINTS: "1",
    ...remoteEnv,
    REMOTE_JUDGE_POLL_MS: "200",
    REMOTE_JUDGE_POLL_MAX_MS: "500",
  },
});

writeFileSync(
  path.join(dataDir, "stack.json"),
  JSON.stringify({
    mongodbUri: stack.services.mongodbUri,
    redisUrl: stack.services.redisUrl,
    goJudgeUrl: stack.services.goJudgeUrl,
    dataDir,
    url: stack.url,
    mailboxDir: mailbox.dir,
  }),
);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  await mailbox.close();
  await remoteSites.close();
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
