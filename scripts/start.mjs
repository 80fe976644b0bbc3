#!/usr/bin/env node
// `npm start`: install and build when needed, then scripts/launch.ts starts every service.
import { spawn } from "node:child_process";
import { checkNode, ensureBuilt, ensureInstalled, root } from "./lib/prepare.mjs";

process.chdir(root);
const dev = process.argv.includes("--dev");
checkNode();
ensureInstalled();
ensureBuilt();

const child = spawn(process.execPath, ["--import", "tsx", "scripts/launch.ts", ...(dev ? ["--dev"] : [])], { stdio: "inherit" });
// Ctrl-C reaches the launcher too (same terminal process group); it does the orderly shutdown.
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(sig, () => {
    if (sig !== "SIGINT") child.kill(sig);
  });
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
