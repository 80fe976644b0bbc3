import mongoose, { Schema } from "mongoose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDb, disconnectDb } from "~/services/platform/db.server";

// Updates must stay atomic under concurrency on every supported store (FerretDB 1.24 needs its
// writes sent one at a time for that; see serialiseWrites in db.server.ts).

interface TallyDoc {
  _id: string;
  n: number;
  owner: string;
}
const Tally = mongoose.model<TallyDoc>("Tally", new Schema<TallyDoc>({ _id: String, n: Number, owner: String }, { versionKey: false }), "tallies");

beforeAll(async () => {
  await connectDb();
  await Tally.deleteMany({});
});
afterAll(disconnectDb);

describe("concurrent writes", () => {
  it("fifty simultaneous $inc of one field all count", async () => {
    await Tally.create({ _id: "inc", n: 0 });
    await Promise.all(Array.from({ length: 50 }, () => Tally.updateOne({ _id: "inc" }, { $inc: { n: 1 } })));
    expect((await Tally.findById("inc").lean())!.n).toBe(50);
  });

  it("a conditional update matches for exactly one of many simultaneous writers", async () => {
    await Tally.create({ _id: "claim", n: 0, owner: "" });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => Tally.updateOne({ _id: "claim", owner: "" }, { $set: { owner: `w${i}` } })),
    );
    expect(results.filter((r) => r.modifiedCount === 1)).toHaveLength(1);
  });

  it("insertMany, which the driver sends through bulkWrite, completes among other writes", async () => {
    const writes = [
      Tally.insertMany(Array.from({ length: 20 }, (_, i) => ({ _id: `many${i}`, n: i, owner: "" }))),
      Tally.create({ _id: "single", n: 1 }),
      Tally.collection.insertMany([{ _id: "raw1", n: 1 }, { _id: "raw2", n: 2 }] as never[]),
    ];
    await Promise.all(writes);
    expect(await Tally.countDocuments({ _id: { $in: [...Array.from({ length: 20 }, (_, i) => `many${i}`), "single", "raw1", "raw2"] } })).toBe(23);
  });

  it("findOneAndUpdate hands out distinct numbers", async () => {
    await Tally.create({ _id: "seq", n: 0 });
    const got = await Promise.all(
      Array.from({ length: 50 }, () => Tally.findOneAndUpdate({ _id: "seq" }, { $inc: { n: 1 } }, { new: true }).lean()),
    );
    expect(new Set(got.map((d) => d!.n)).size).toBe(50);
  });
});
