import { startResultApplier, type ResultApplier } from "./results.server";
import { startSweeper, type Sweeper } from "./sweeper.server";
import { closeStatusSubscriber } from "../submission/status.server";
// The queue's gauges, read when /metrics is scraped.
import "./metrics.server";

// The judging background workers of a web process, started by serverHooks.start(): the result
// applier, the sweeper, and (on stop) the status subscriber of the event streams.

let applier: ResultApplier | null = null;
let sweeper: Sweeper | null = null;

export const judgeWorkers = [
  {
    name: "judge-result-applier",
    start() {
      // Not awaited: the site starts even while Redis is unreachable; the applier keeps retrying.
      applier = startResultApplier();
    },
    async stop() {
      await applier?.stop();
      applier = null;
    },
  },
  {
    name: "judge-sweeper",
    start() {
      sweeper = startSweeper();
    },
    async stop() {
      await sweeper?.stop();
      sweeper = null;
    },
  },
  {
    name: "submission-status-subscriber",
    start() {
      // Subscribes lazily, with the first event stream.
    },
    stop: closeStatusSubscriber,
  },
];
