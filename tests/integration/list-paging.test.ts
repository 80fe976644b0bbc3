import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Counter } from "~/models/counter.server";
import { Submission } from "~/models/submission.server";
import { connectDb, disconnectDb, ensureIndexes } from "~/services/platform/db.server";
import { newestByIdWindows } from "~/services/platform/id-windows.server";
import { cacheKey, slowCount } from "~/services/platform/query-cache.server";
import { closeRedis, redis } from "~/services/platform/redis.server";
import { listSubmissions, parseSubmissionListQuery } from "~/services/submission/views.server";

// The status list read window by window from the newest id (the way a store that cannot sort by
// _id with an index is read) must give exactly the pages of the plain sorted query, and a total
// that takes long to count must not hold a page up.

const users = ["ua", "ub", "uc"];
let maxId = 0;

beforeAll(async () => {
  await connectDb();
  await ensureIndexes();
  const docs = [];
  // 1 .. 900 with gaps (ids that were handed out but never stored), contest and group
  // submissions among them, statuses of every kind, and a few stored past the counter.
  for (let id = 1; id <= 900; id++) {
    if (id % 17 === 0 || (id > 300 && id < 340)) continue;
    docs.push({
      _id: id,
      pid: 1000 + (id % 7),
      uid: users[id % 3],
      username: users[id % 3],
      title: `P${id % 7}`,
      cid: id % 23 === 0 ? 5 : 0,
      gid: id % 29 === 0 ? 7 : null,
      status: [0, -1, 1, -2, 0, 3][id % 6],
      language: "C++",
      code: "int main() {}",
      submitTime: new Date(1_700_000_000_000 + id * 1000),
    });
  }
  await Submission.insertMany(docs);
  await Counter.updateOne({ _id: "submission" }, { $set: { seq: 880 } }, { upsert: true });
  maxId = 900;
});
afterAll(async () => {
  await closeRedis();
  await disconnectDb();
});

async function plain(filter: Record<string, unknown>, skip: number, limit: number): Promise<number[]> {
  const docs = await Submission.find(filter).sort({ _id: -1 }).skip(skip).limit(limit).select("_id").lean<Array<{ _id: number }>>();
  return docs.map((d) => d._id);
}

async function windows(filter: Record<string, unknown>, skip: number, limit: number) {
  const read = (ids: number[]) => Submission.find({ ...filter, _id: { $in: ids } }).select("_id").lean<Array<{ _id: number }>>();
  const page = await newestByIdWindows("submission", read, { skip, limit });
  return { ids: page.docs.map((d) => d._id), more: page.more };
}

describe("pages read by id windows", () => {
  const filters: Array<[string, Record<string, unknown>]> = [
    ["every public submission", { cid: 0, gid: null }],
    ["one status", { cid: 0, gid: null, status: -1 }],
    ["a rare status", { cid: 0, gid: null, status: 3, pid: 1003 }],
    ["nothing", { cid: 0, gid: null, status: 99 }],
  ];
  for (const [name, filter] of filters) {
    it(`are the sorted query's pages: ${name}`, async () => {
      const all = await plain(filter, 0, 10_000);
      for (const [skip, limit] of [
        [0, 15],
        [15, 15],
        [0, 1],
        [135, 15],
        [all.length - 3, 15],
        [all.length, 15],
        [400, 30],
      ] as const) {
        if (skip < 0) continue;
        const got = await windows(filter, skip, limit);
        expect(got.ids, `skip ${skip} limit ${limit}`).toEqual(all.slice(skip, skip + limit));
        expect(got.more, `more after skip ${skip} limit ${limit}`).toBe(all.length > skip + limit);
      }
    });
  }

  it("include submissions stored past the counter", async () => {
    expect((await windows({ cid: 0, gid: null }, 0, 3)).ids[0]).toBe(maxId - (maxId % 17 === 0 ? 1 : 0));
  });
});

describe("the status list", () => {
  it("gives the same rows, totals and pages as the sorted query", async () => {
    const q = parseSubmissionListQuery({ currentPage: "3" });
    const page = await listSubmissions(q, null);
    const all = await plain({ cid: 0, gid: null }, 0, 10_000);
    expect(page.records.map((r) => r.submitId)).toEqual(all.slice(30, 45));
    expect(page.total).toBe(all.length);
    expect(page.pages).toBe(Math.ceil(all.length / 15));
  });
});

describe("a slow total", () => {
  it("is not waited for past the limit, and is kept for the next reader", async () => {
    const key = cacheKey("test-slow", { n: 1 });
    await redis().del(key);
    let counts = 0;
    const slow = () =>
      new Promise<number>((resolve) => {
        counts++;
        setTimeout(() => resolve(42), 600);
      });
    const started = Date.now();
    expect(await slowCount(key, { minTtlMs: 10_000, waitMs: 100 }, slow)).toBeNull();
    expect(Date.now() - started).toBeLessThan(500);
    // A second reader meanwhile joins the count under way instead of starting another.
    expect(await slowCount(key, { minTtlMs: 10_000, waitMs: 2000 }, slow)).toBe(42);
    expect(await slowCount(key, { minTtlMs: 10_000, waitMs: 100 }, slow)).toBe(42);
    expect(counts).toBe(1);
  });

  it("holds a reader who finds it being counted only for what is left of the first reader's wait", async () => {
    const key = cacheKey("test-slow", { n: 3 });
    await redis().del(key);
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(7), 4000));
    expect(await slowCount(key, { minTtlMs: 10_000, waitMs: 300 }, slow)).toBeNull();
    await new Promise((r) => setTimeout(r, 1500));
    // The count began 1.8 s ago: a reader allowed 1 s gets nothing at once instead of waiting.
    const started = Date.now();
    expect(await slowCount(key, { minTtlMs: 10_000, waitMs: 1000 }, slow)).toBeNull();
    expect(Date.now() - started).toBeLessThan(500);
    // Once counted, the total is there for everyone.
    expect(await slowCount(key, { minTtlMs: 10_000, waitMs: 5000 }, slow)).toBe(7);
  });

  it("is counted again in the background once stale, while the kept value is shown", async () => {
    const key = cacheKey("test-slow", { n: 2 });
    await redis().del(key);
    let value = 1;
    const load = async () => value;
    expect(await slowCount(key, { minTtlMs: 50, waitMs: 1000 }, load)).toBe(1);
    value = 2;
    await new Promise((r) => setTimeout(r, 80));
    expect(await slowCount(key, { minTtlMs: 50, waitMs: 1000 }, load)).toBe(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(await slowCount(key, { minTtlMs: 50, waitMs: 1000 }, load)).toBe(2);
  });
});
