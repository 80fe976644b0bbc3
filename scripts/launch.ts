import path from "node:path";
import { consoleSink } from "./lib/prefix";
import { startStack } from "./lib/stack";

// `npm start`: the whole site with everything it needs. A child that dies is restarted (its exit
// is logged); Ctrl-C stops every child cleanly, the web server and the judge first.

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
const toolsDir = path.resolve(process.env.TOOLS_DIR ?? ".tools");

let stack: Awaited<ReturnType<typeof startStack>> | null = null;
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  consoleSink("stopping every process…", "start");
  if (stack) await stack.stop();
  consoleSink("stopped", "start");
  process.exit(code);
}

process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
process.on("SIGHUP", () => void shutdown(0));

try {
  stack = await startStack({ dataDir, toolsDir, port, sink: consoleSink, dev });
  consoleSink(`the site is up: ${stack.url.replace("127.0.0.1", "localhost")} (data in ${dataDir})`, "start");
} catch (err) {
  consoleSink(`could not start: ${err instanceof Error ? err.message : String(err)}`, "start");
  await shutdown(1);
}
