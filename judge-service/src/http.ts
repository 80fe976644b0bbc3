import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import { metricsAccess } from "../../app/lib/metrics-access";
import type { Registry } from "prom-client";

// A judge's own small HTTP port (JUDGE_HTTP_PORT): /healthz (the process runs), /readyz (it takes
// tasks: Redis answers, the sandbox answers and runs at least one language) and /metrics
// (Prometheus; only for the addresses of METRICS_ALLOW or the METRICS_TOKEN). It listens before
// the judge has found its sandbox, so a supervisor sees a live process that is not ready yet.

export interface Readiness {
  ready: boolean;
  /** What was checked and what it found ("ok" or why not). */
  checks: Record<string, string>;
}

export interface JudgeHealthSource {
  readiness(): Promise<Readiness>;
  readonly metrics: { registry: Registry };
}

export interface JudgeHttp {
  /** The address with a trailing slash. */
  readonly url: string;
  /** Starts answering /readyz and /metrics from this judge. */
  attach(source: JudgeHealthSource): void;
  close(): Promise<void>;
}

export async function startJudgeHttp(o: { port: number; host: string; metricsAllow: string; metricsToken: string; log: Logger }): Promise<JudgeHttp> {
  const access = metricsAccess(o.metricsAllow, o.metricsToken, (entry) => o.log.warn({ entry }, "METRICS_ALLOW entry ignored: not an address, a subnet or loopback"));
  let source: JudgeHealthSource | null = null;
  const send = (res: http.ServerResponse, status: number, type: string, body: string) => {
    res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" }).end(body);
  };
  const server = http.createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? "/").split("?")[0];
      if (req.method !== "GET" && req.method !== "HEAD") return send(res, 405, "text/plain", "method not allowed");
      if (path === "/healthz") return send(res, 200, "text/plain", "ok");
      if (path === "/readyz") {
        const r = source ? await source.readiness() : { ready: false, checks: { judge: "starting" } };
        return send(res, r.ready ? 200 : 503, "application/json", JSON.stringify(r));
      }
      if (path === "/metrics") {
        if (!access.allows(req.socket.remoteAddress, req.headers.authorization)) return send(res, 403, "text/plain", "forbidden");
        if (!source) return send(res, 503, "text/plain", "starting");
        const registry = source.metrics.registry;
        return send(res, 200, registry.contentType, await registry.metrics());
      }
      send(res, 404, "text/plain", "not found");
    })().catch((err: Error) => {
      o.log.error({ err: err.message }, "health endpoint failed");
      if (!res.headersSent) send(res, 500, "text/plain", "error");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(o.port, o.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = o.host === "0.0.0.0" || o.host === "::" ? "127.0.0.1" : o.host;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}/`;
  o.log.info({ url }, "health and metrics endpoints listening");
  return {
    url,
    attach(s) {
      source = s;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
