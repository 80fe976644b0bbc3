import { bootstrap } from "./bootstrap.server";
import { disconnectDb } from "./db.server";
import { closeRedis } from "./redis.server";
import { judgeWorkers } from "./judge-workers.server";
import { logger } from "./logger.server";

// What server.ts calls on the server bundle: start-up, background workers, shutdown. Background
// workers (the judge result applier...) register here so they run inside the bundle and share its
// module instances with the routes.

type Worker = { name: string; start: () => Promise<void> | void; stop: () => Promise<void> | void };
const workers: Worker[] = [];

export function registerWorker(worker: Worker): void {
  if (!workers.some((w) => w.name === worker.name)) workers.push(worker);
}

for (const w of judgeWorkers) registerWorker(w);

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
};

export type ServerHooks = typeof serverHooks;
