// judge-service: takes tasks from the Redis streams, judges them in go-judge, publishes results.
// Configuration comes from the environment (config.ts).
import { startJudge, type RunningJudge } from "./consumer";
import { startJudgeHttp, type JudgeHttp } from "./http";
import { judgeLogger, judgeOptions } from "./setup";

const options = judgeOptions();
const log = judgeLogger(options.logLevel);
if (!options.judgeToken) log.warn("JUDGE_TOKEN is empty: the web server will refuse test data downloads");

// Health first: /healthz answers while the judge still waits for its sandbox (/readyz does not).
const http: JudgeHttp | null =
  options.httpPort === null
    ? null
    : await startJudgeHttp({ port: options.httpPort, host: options.httpHost, metricsAllow: options.metricsAllow, metricsToken: options.metricsToken, log });

let judge: RunningJudge | null = null;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, "stopping");
  try {
    await judge?.stop();
    await http?.close();
    process.exit(0);
  } catch (err) {
    log.error({ err: String(err) }, "stop failed");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

judge = await startJudge({ ...options, log });
http?.attach(judge);
