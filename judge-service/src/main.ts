// judge-service: takes tasks from the Redis streams, judges them in go-judge, publishes results.
// Configuration comes from the environment (config.ts).
import { startJudge } from "./consumer";
import { judgeLogger, judgeOptions } from "./setup";

const options = judgeOptions();
const log = judgeLogger(options.logLevel);
if (!options.judgeToken) log.warn("JUDGE_TOKEN is empty: the web server will refuse test data downloads");

const judge = await startJudge({ ...options, log });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "stopping");
  try {
    await judge.stop();
    process.exit(0);
  } catch (err) {
    log.error({ err: String(err) }, "stop failed");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
