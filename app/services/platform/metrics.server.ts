import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

// The web process's Prometheus metrics, served at /metrics by server.ts (who may read them: README,
// "Metrics and alerts"). One registry per loaded server build. Gauges whose value lives in Redis or
// the store are read when scraped (registerCollected); counters and histograms are kept here.

export const registry = new Registry();
registry.setDefaultLabels({ svc: "web" });
collectDefaultMetrics({ register: registry });
const registers = [registry];

export const httpRequestSeconds = new Histogram({
  name: "oj_http_request_duration_seconds",
  help: "Time to answer a request, by method, route (the page or API route that answered) and status",
  labelNames: ["method", "route", "status"],
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const judgeResultsApplied = new Counter({
  name: "oj_judge_results_applied_total",
  help: "Judge messages written to the store by the result applier, by type (progress, case, final)",
  labelNames: ["type"],
  registers,
});

export const judgeVerdicts = new Counter({
  name: "oj_judge_verdicts_total",
  help: "Verdicts written to submissions, by verdict (SE: System Error)",
  labelNames: ["verdict"],
  registers,
});

export const judgeVerdictSeconds = new Histogram({
  name: "oj_judge_verdict_latency_seconds",
  help: "Time from a submission to its verdict in the store (first attempts), by lane",
  labelNames: ["lane"],
  buckets: [0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1800],
  registers,
});

export const judgeRequeues = new Counter({
  name: "oj_judge_requeues_total",
  help: "Submissions whose lost judge task the sweeper queued again (requeued) or gave up on as System Error (given_up)",
  labelNames: ["outcome"],
  registers,
});

/** A gauge whose values are read when Prometheus scrapes (from Redis, the store...). */
export function registerCollected<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  read: () => Promise<Array<{ labels?: Partial<Record<L, string>>; value: number }>>,
): void {
  if (registry.getSingleMetric(name)) return;
  new Gauge({
    name,
    help,
    labelNames,
    registers,
    async collect() {
      this.reset();
      for (const { labels, value } of await read()) {
        if (labels) this.set(labels, value);
        else this.set(value);
      }
    },
  });
}

/** What /metrics answers. */
export async function metricsText(): Promise<{ contentType: string; text: string }> {
  return { contentType: registry.contentType, text: await registry.metrics() };
}
