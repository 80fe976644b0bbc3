import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";

// Runs before each test file is imported: point the app's env module at the test services, with a
// database, a Redis key prefix and a data folder of this file's own.
const id = randomBytes(4).toString("hex");
const base = inject("mongodbUri").replace(/\/[^/?]*(\?.*)?$/, "");
process.env.MONGODB_URI = `${base}/oj_t${id}`;
process.env.REDIS_URL = inject("redisUrl");
process.env.REDIS_PREFIX = `t${id}:`;
process.env.GO_JUDGE_URL = inject("goJudgeUrl");
process.env.JUDGE_PCH_DIR = inject("pchDir");
process.env.DATA_DIR = path.join(inject("dataDir"), `file-${id}`);
process.env.LOG_LEVEL ??= "warn";
// Remote judges are never the real sites in a test: a file that needs one starts its own stand-in
// and sets the address; elsewhere a local port fetch never dials (9, "bad port") fails at once.
for (const oj of ["HDU", "CF", "GYM", "POJ", "AC", "SPOJ"]) process.env[`REMOTE_JUDGE_URL_${oj}`] ??= "http://127.0.0.1:9/";
process.env.NODE_ENV = "test";
mkdirSync(process.env.DATA_DIR, { recursive: true });
