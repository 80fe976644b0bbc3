import mongoose from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDb, disconnectDb } from "~/services/platform/db.server";

// Query results must be MongoDB's on every supported store. FerretDB is built with a patch that
// pushes equality conditions down to SQLite and its indexes (scripts/patches/): it must select a
// superset that FerretDB then filters, never drop a matching document. These cases are the ones
// where a pushed-down condition could go wrong: numbers of several types, arrays, missing fields,
// strings with characters JSON escapes, ObjectIds, $in on _id, and conditions that are not pushed.

const { Double, Int32, Long, ObjectId } = mongoose.mongo;
const oid = new ObjectId("64b7f0c2a1b2c3d4e5f60718");
// Documents of every shape: the driver's types would want one _id type.
type Doc = mongoose.mongo.Document;
let coll: mongoose.mongo.Collection;

beforeAll(async () => {
  await connectDb();
  coll = mongoose.connection.db!.collection("pushdown_cases");
  await coll.deleteMany({});
  await coll.insertMany([
    { _id: 1, f: 5, s: "abc", b: true, g: null },
    { _id: new Double(2), f: new Double(5), s: "a<b", b: false },
    { _id: new Long(3), f: [1, 5, 7], s: ["abc", "x"], g: 1 },
    { _id: "4", f: "5", s: "中文", b: "true" },
    { _id: oid, f: { x: 5 }, s: 'q"uote', g: [null] },
    { _id: 6, f: [5, "x"], s: "a\\b" },
    { _id: 7.5, f: 5.5, s: "" },
    { _id: 8, f: new Long(5), s: "ABC" },
    { _id: 9, f: -0.0, s: "abc " },
    { _id: 10, f: 0, s: "abc", h: { f: 5 } },
    { _id: 11, s: "abc", f: [] },
    { _id: new Int32(12), f: new Int32(5), s: "abc" },
  ] as never[]);
  await coll.createIndex({ f: 1 });
  await coll.createIndex({ s: 1, f: 1 });
});
afterAll(async () => {
  await coll.drop().catch(() => undefined);
  await disconnectDb();
});

async function ids(filter: Doc): Promise<string[]> {
  const found = (await coll.find(filter).toArray()).map((d) => String(d._id)).sort();
  expect(await coll.countDocuments(filter)).toBe(found.length);
  return found;
}

describe("equality queries", () => {
  it("find _id of every type, whatever number type the query uses", async () => {
    expect(await ids({ _id: 1 })).toEqual(["1"]);
    expect(await ids({ _id: 2 })).toEqual(["2"]);
    expect(await ids({ _id: new Double(3) })).toEqual(["3"]);
    expect(await ids({ _id: new Long(12) })).toEqual(["12"]);
    expect(await ids({ _id: 7.5 })).toEqual(["7.5"]);
    expect(await ids({ _id: "4" })).toEqual(["4"]);
    expect(await ids({ _id: oid })).toEqual([String(oid)]);
    expect(await ids({ _id: { $in: [1, 2, 3, "4", 12, 99] } })).toEqual(["1", "12", "2", "3", "4"]);
    expect(await ids({ _id: 1, f: 5 })).toEqual(["1"]);
    expect(await ids({ _id: 1, f: 6 })).toEqual([]);
  });

  it("match scalars of any number type, and arrays holding the value", async () => {
    const fives = ["1", "12", "2", "3", "6", "8"];
    expect(await ids({ f: 5 })).toEqual(fives);
    expect(await ids({ f: new Double(5) })).toEqual(fives);
    expect(await ids({ f: new Long(5) })).toEqual(fives);
    expect(await ids({ f: "5" })).toEqual(["4"]);
    expect(await ids({ f: 5.5 })).toEqual(["7.5"]);
    expect(await ids({ f: 0 })).toEqual(["10", "9"]);
    expect(await ids({ f: [1, 5, 7] })).toEqual(["3"]);
    expect(await ids({ f: { x: 5 } })).toEqual([String(oid)]);
    expect(await ids({ f: [] })).toEqual(["11"]);
  });

  it("match strings with escaped or non-ASCII characters, and several conditions at once", async () => {
    expect(await ids({ s: "abc" })).toEqual(["1", "10", "11", "12", "3"]);
    expect(await ids({ s: "a<b" })).toEqual(["2"]);
    expect(await ids({ s: "中文" })).toEqual(["4"]);
    expect(await ids({ s: 'q"uote' })).toEqual([String(oid)]);
    expect(await ids({ s: "a\\b" })).toEqual(["6"]);
    expect(await ids({ s: "" })).toEqual(["7.5"]);
    expect(await ids({ s: "abc", f: 5 })).toEqual(["1", "12", "3"]);
    expect(await ids({ b: true })).toEqual(["1"]);
    expect(await ids({ b: "true" })).toEqual(["4"]);
  });

  it("leave null, nested paths and operators to the store's own matching", async () => {
    expect(await ids({ g: null })).toEqual(["1", "10", "11", "12", "2", "4", "6", String(oid), "7.5", "8", "9"].sort());
    expect(await ids({ "h.f": 5 })).toEqual(["10"]);
    expect(await ids({ f: { $gt: 4 } })).toEqual(["1", "12", "2", "3", "6", "7.5", "8"]);
    expect(await ids({ f: 5, s: { $ne: "abc" } })).toEqual(["2", "6", "8"]);
  });

  it("update and delete the documents they select", async () => {
    await coll.updateOne({ _id: 2 } as Doc, { $set: { u: 1 } });
    await coll.updateMany({ f: 5 }, { $inc: { k: 1 } });
    await coll.deleteOne({ _id: new Long(3) });
    const rows = (await coll.find({}).toArray()).map((d) => [String(d._id), d.u ?? 0, d.k ?? 0]);
    rows.sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(rows).toEqual([
      ["1", 0, 1],
      ["10", 0, 0],
      ["11", 0, 0],
      ["12", 0, 1],
      ["2", 1, 1],
      ["4", 0, 0],
      ["6", 0, 1],
      [String(oid), 0, 0],
      ["7.5", 0, 0],
      ["8", 0, 1],
      ["9", 0, 0],
    ]);
  });
});
