import { readFileSync } from "node:fs";

// The version a judge reports in the registry: the project's, from package.json (the judge image
// carries it beside judge-service/).

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: unknown };
    return typeof pkg.version === "string" && pkg.version ? pkg.version : "unknown";
  } catch {
    return "unknown";
  }
}

export const JUDGE_VERSION = readVersion();
