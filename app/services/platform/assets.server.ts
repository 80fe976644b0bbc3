import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { LOCALES_DIR } from "./i18n.server";

let version: string | null = null;

/** A short hash of every translation file, so browsers cache them until they change. */
export function localesVersion(): string {
  if (version) return version;
  const h = createHash("sha1");
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(name).update(readFileSync(p));
    }
  };
  try {
    walk(LOCALES_DIR);
  } catch {
    // No locales folder: translations fall back to keys.
  }
  version = h.digest("hex").slice(0, 10);
  return version;
}
