import { bootstrap } from "../account/bootstrap.server";
import { disconnectDb } from "./db.server";
import { closeRedis } from "./redis.server";
import { judgeWorkers } from "../judging/workers.server";
import { logger } from "./logger.server";
import { startNoticeJob } from "../community/notices.server";
import { startViewFlush } from "../community/views.server";
import { readiness } from "./health.server";
import { httpRequestSeconds, metricsText } from "./metrics.server";

// What server.ts calls on the server bundle: start-up, background workers, shutdown, readiness and
// metrics. Background workers (the judge result applier...) register here so they run inside the
// bundle and share its module instances with the routes.

type Worker = { name: string; start: () => Promise<void> | void; stop: () => Promise<void> | void };
const workers: Worker[] = [];

export function registerWorker(worker: Worker): void {
  if (!workers.some((w) => w.name === worker.name)) workers.push(worker);
}

for (const w of judgeWorkers) registerWorker(w);

let viewFlush: { stop: () => Promise<void> } | null = null;
registerWorker({
  name: "discussion-views",
  start() {
    viewFlush = startViewFlush();
  },
  async stop() {
    await viewFlush?.stop();
    viewFlush = null;
  },
});

let noticeJob: { stop: () => void } | null = null;
registerWorker({
  name: "system-notices",
  start() {
    noticeJob = startNoticeJob();
  },
  stop() {
    noticeJob?.stop();
    noticeJob = null;
  },
});

export const serverHooks = {
  async start(): Promise<void> {
    await bootstrap();
    for (const w of workers) {
      await w.start();
      logger.info({ worker: w.name }, "background worker started");
    }
  },
  async stop(): Promise<void> {
    for (const w of [...workers].reverse()) {
      try {
        await w.stop();
      } catch (err) {
        logger.error({ err, worker: w.name }, "worker did not stop cleanly");
      }
    }
    await closeRedis();
    await disconnectDb();
  },
  /** /readyz: the store and Redis answer. */
  ready: readiness,
  /** /metrics: the Prometheus text. */
  metrics: metricsText,
  /** Times one answered request (server.ts measures; the route is the page or API route that answered). */
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void {
    httpRequestSeconds.observe({ method: labels.method, route: labels.route, status: String(labels.status) }, seconds);
  },
};

