import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface Secrets {
  sessionSecret: string;
  judgeToken: string;
}

/**
 * Secrets every process of one installation must share. Values given (from the environment) win;
 * missing ones are generated once and kept in DATA_DIR/secrets.json (mode 0600), so a restart keeps
 * sessions valid and the web and judge processes on one machine agree on the judge token.
 */
export function loadOrCreateSecrets(dataDir: string, given: Partial<Secrets> = {}): Secrets {
  const file = path.join(dataDir, "secrets.json");
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, "utf8")) as Partial<Secrets>;
    } catch {
      stored = {};
    }
  }
  const result: Secrets = {
    sessionSecret: given.sessionSecret || stored.sessionSecret || "",
    judgeToken: given.judgeToken || stored.judgeToken || "",
  };
  if (result.sessionSecret && result.judgeToken) return result;
  result.sessionSecret ||= randomBytes(32).toString("base64url");
  result.judgeToken ||= randomBytes(32).toString("base64url");
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ ...stored, ...result }, null, 2), { mode: 0o600 });
  return result;
}
