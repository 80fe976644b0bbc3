import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAssets, pickEncoding } from "../../server/build-assets";

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, by the client's quality values", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip, deflate")).toBe("gzip");
    expect(pickEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.1")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*, br;q=0")).toBe("gzip");
    expect(pickEncoding("identity")).toBe("identity");
    expect(pickEncoding(undefined)).toBe("identity");
    expect(pickEncoding("")).toBe("identity");
  });
});

describe("buildAssets", () => {
  let dir: string;
  let base: string;
  let server: ReturnType<express.Express["listen"]>;
  const script = `import{a}from"/build/_shared/chunk-A.js";${"console.log(a);".repeat(200)}`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "oj-assets-"));
    mkdirSync(path.join(dir, "build", "_shared"), { recursive: true });
    writeFileSync(path.join(dir, "build", "entry-X.js"), script);
    writeFileSync(path.join(dir, "build", "style-X.css"), "body{color:red}".repeat(50));
    writeFileSync(path.join(dir, "build", "font-X.woff2"), "binary");
    writeFileSync(path.join(dir, "secret.js"), "secret");
    const app = express();
    app.use("/oj/build", buildAssets(path.join(dir, "build"), (t) => t.replace(/(["'`(])\/build\//g, "$1/oj/build/")).handler);
    app.use((_req, res) => res.status(404).send("fallthrough"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (p: string, encoding?: string, method = "GET") =>
    fetch(`${base}${p}`, { method, headers: encoding === undefined ? { "Accept-Encoding": "identity" } : { "Accept-Encoding": encoding } });

  it("serves brotli or gzip as asked, with a length, long caching and few headers", async () => {
    const expected = script.replace('"/build/', '"/oj/build/');
    const br = await get("/oj/build/entry-X.js", "gzip, deflate, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toBe("text/javascript");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(br.headers.get("cache-control")).toBe("max-age=31536000, immutable");
    expect(br.headers.get("x-content-type-options")).toBe("nosniff");
    expect(br.headers.get("content-security-policy")).toBeNull();
    // fetch decodes the body: the text is the file's, with URLs under the base path.
    expect(await br.text()).toBe(expected);

    const gz = await get("/oj/build/entry-X.js", "gzip");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(await gz.text()).toBe(expected);

    const plain = await get("/oj/build/entry-X.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(expected));
    expect(await plain.text()).toBe(expected);

    const css = await get("/oj/build/style-X.css", "gzip");
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
  });

  it("compresses at the strongest settings", async () => {
    const res = await get("/oj/build/style-X.css", "gzip");
    const body = Buffer.from(await res.arrayBuffer());
    // fetch has decoded it; the length header is the encoded size.
    expect(body.toString()).toBe("body{color:red}".repeat(50));
    const best = zlib.gzipSync(Buffer.from("body{color:red}".repeat(50)), { level: 9, memLevel: 9 }).length;
    expect(Number(res.headers.get("content-length"))).toBe(best);
  });

  it("answers HEAD without a body", async () => {
    const res = await get("/oj/build/entry-X.js", "gzip", "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(await res.text()).toBe("");
  });

  it("serves a rebuilt file anew", async () => {
    const file = path.join(dir, "build", "entry-X.js");
    writeFileSync(file, "export const v=2;");
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    expect(await (await get("/oj/build/entry-X.js", "br")).text()).toBe("export const v=2;");
  });

  it("leaves other files, missing files and paths outside the folder to the next handler", async () => {
    expect(await (await get("/oj/build/font-X.woff2")).text()).toBe("fallthrough");
    expect(await (await get("/oj/build/missing.js")).text()).toBe("fallthrough");
    expect(await (await get("/oj/build/%2e%2e/secret.js")).text()).toBe("fallthrough");
    expect((await get("/oj/build/entry-X.js", "gzip", "POST")).status).toBe(404);
  });
});
