import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { AppLoadContext } from "@remix-run/node";
import { loader as fileLoader } from "~/routes/internal+/judge.testdata.$hash.file.$name";
import { loader as manifestLoader } from "~/routes/internal+/judge.testdata.$hash.manifest";
import * as judgeServiceModule from "../../../judge-service/src/index";

// judge-service as the whole-path tests and the judging benchmark use it: its exported start and
// direct-run functions (judge-service/src/index.ts), and the web server's internal test-data
// endpoints served by their real route modules on a local port.

export type JudgeServiceApi = typeof judgeServiceModule;
export type { RunningJudge } from "../../../judge-service/src/index";

export async function loadJudgeService(): Promise<JudgeServiceApi> {
  return judgeServiceModule;
}

const ROUTE = /^\/internal\/judge\/testdata\/([^/]+)\/(?:manifest|file\/([^/]+))$/;

/** Serves the internal test-data endpoints judges download from; returns the base URL. */
export async function startInternalEndpoints(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const m = ROUTE.exec(url.pathname);
      if (!m) {
        res.writeHead(404).end();
        return;
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(url, { headers });
      const args = { request, params: { hash: m[1], name: m[2] ?? "" }, context: {} as AppLoadContext };
      const response = m[2] === undefined ? await manifestLoader(args) : await fileLoader(args);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) Readable.fromWeb(response.body as WebReadableStream).pipe(res);
      else res.end();
    })().catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
