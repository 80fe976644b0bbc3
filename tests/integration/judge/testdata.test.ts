import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashOfFiles, TestDataCache, TestDataMissingError, TestDataUnavailableError } from "../../../judge-service/src/testdata";
import { JUDGE_TOKEN, startDataServer, testdata, type DataServer } from "./support";

// The judge's copy of test data: fetched from the web side's endpoints (served here by the web side's
// own functions), verified, reused while the hash is unchanged, bounded in size.

let server: DataServer;

beforeAll(async () => {
  server = await startDataServer();
});

afterAll(async () => {
  await server?.close();
});

function cache(over: Partial<ConstructorParameters<typeof TestDataCache>[0]> = {}) {
  return new TestDataCache({ dir: mkdtempSync(path.join(os.tmpdir(), "judge-data-")), webUrl: server.url, token: JUDGE_TOKEN, maxBytes: 1 << 30, ...over });
}

async function store(tag: string, size = 100) {
  const td = await testdata();
  return td.storeTestData([
    { name: "1.in", data: Buffer.from(`${tag} input\n`) },
    { name: "1.out", data: Buffer.alloc(size, tag) },
  ]);
}

const manifestHits = (hash: string) => server.hits.filter((h) => h.includes(hash) && h.endsWith("/manifest")).length;

describe("test data cache", () => {
  it("computes the same hash as the web side", async () => {
    const td = await testdata();
    const hash = await store("h");
    const manifest = (await td.readManifest(hash))!;
    expect(hashOfFiles(manifest.files)).toBe(hash);
  });

  it("stores the same set many times at once without one store taking another's files", async () => {
    const td = await testdata();
    const files = [{ name: "1.in", data: Buffer.from("same\n") }, { name: "1.out", data: Buffer.from("same\n") }];
    const hashes = await Promise.all(Array.from({ length: 8 }, () => td.storeTestData(files)));
    expect(new Set(hashes).size).toBe(1);
    expect((await td.readManifest(hashes[0]))!.files.map((f) => f.name).sort()).toEqual(["1.in", "1.out"]);
  });

  it("fetches a set once, verified, and reuses it while the hash is unchanged", async () => {
    const hash = await store("a");
    const c = cache();
    const set = await c.acquire(hash);
    expect(readFileSync(set.path("1.in"), "utf8")).toBe("a input\n");
    expect(set.size("1.out")).toBe(100);
    expect(set.has("2.in")).toBe(false);
    expect(() => set.path("../1.in")).toThrow(TestDataMissingError);
    set.release();
    const again = await c.acquire(hash);
    again.release();
    expect(manifestHits(hash)).toBe(1);
    // A new cache over the same folder (a restarted judge) finds it on disk.
    const restarted = new TestDataCache({ dir: path.dirname(path.dirname(path.dirname(set.path("1.in")))), webUrl: server.url, token: JUDGE_TOKEN, maxBytes: 1 << 30 });
    (await restarted.acquire(hash)).release();
    expect(manifestHits(hash)).toBe(1);
  });

  it("downloads a set once for tasks that want it at the same time", async () => {
    const hash = await store("b", 200_000);
    const c = cache();
    const sets = await Promise.all(Array.from({ length: 5 }, () => c.acquire(hash)));
    expect(new Set(sets.map((s) => s.dir)).size).toBe(1);
    expect(manifestHits(hash)).toBe(1);
    expect(readFileSync(sets[0].path("1.out")).length).toBe(200_000);
    for (const s of sets) s.release();
  });

  it("evicts the least recently used sets past its size bound, never one in use", async () => {
    const [h1, h2, h3] = [await store("x", 4000), await store("y", 4000), await store("z", 4000)];
    const c = cache({ maxBytes: 9000, keepRecentMs: 0 });
    const held = await c.acquire(h1);
    (await c.acquire(h2)).release();
    await new Promise((r) => setTimeout(r, 20));
    (await c.acquire(h3)).release();
    await c.cleanup();
    // h1 is the oldest but held; h2 goes.
    expect(existsSync(held.path("1.out"))).toBe(true);
    const root = path.dirname(held.dir);
    expect(existsSync(path.join(root, h2))).toBe(false);
    expect(existsSync(path.join(root, h3))).toBe(true);
    held.release();
  });

  it("says a set is missing when the web server has no such hash", async () => {
    await expect(cache().acquire("00000000000000000000000000000000")).rejects.toBeInstanceOf(TestDataMissingError);
  });

  it("keeps retrying while refused, then gives up for now", async () => {
    const hash = await store("c");
    const started = Date.now();
    await expect(cache({ token: "wrong", retryForMs: 1200 }).acquire(hash)).rejects.toBeInstanceOf(TestDataUnavailableError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });
});
