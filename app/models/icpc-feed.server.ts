import mongoose, { Schema, type Model } from "mongoose";

// The ICPC Contest API's event feed of a contest, one log per role ("admin", "public"): events in
// the order they were found, each numbered (`seq`, the feed's token), with the data as the
// endpoint gave it then (JSON text; "null" for a deletion). Beside it, the hash of every object's
// last sent state, and the log's head, written last, so readers never see half a sync
// (app/services/icpc/feed.server.ts).

export interface IcpcEventDoc {
  /** "<cid>:<role>:<seq>" */
  _id: string;
  cid: number;
  role: string;
  seq: number;
  type: string;
  oid: string | null;
  data: string;
}

const eventSchema = new Schema<IcpcEventDoc>(
  {
    _id: { type: String, required: true },
    cid: { type: Number, required: true },
    role: { type: String, required: true },
    seq: { type: Number, required: true },
    type: { type: String, required: true },
    oid: { type: String, default: null },
    data: { type: String, required: true },
  },
  { versionKey: false },
);
eventSchema.index({ cid: 1, role: 1, seq: 1 });

export interface IcpcObjectDoc {
  /** "<cid>:<role>:<type>:<id>" */
  _id: string;
  cid: number;
  role: string;
  type: string;
  oid: string | null;
  hash: string;
}

const objectSchema = new Schema<IcpcObjectDoc>(
  {
    _id: { type: String, required: true },
    cid: { type: Number, required: true },
    role: { type: String, required: true },
    type: { type: String, required: true },
    oid: { type: String, default: null },
    hash: { type: String, required: true },
  },
  { versionKey: false },
);
objectSchema.index({ cid: 1, role: 1 });

export interface IcpcFeedHeadDoc {
  /** "<cid>:<role>" */
  _id: string;
  seq: number;
}

const headSchema = new Schema<IcpcFeedHeadDoc>({ _id: { type: String, required: true }, seq: { type: Number, required: true } }, { versionKey: false });

export const IcpcEvent: Model<IcpcEventDoc> =
  (mongoose.models.IcpcEvent as Model<IcpcEventDoc>) ?? mongoose.model<IcpcEventDoc>("IcpcEvent", eventSchema, "icpc_events");
export const IcpcObject: Model<IcpcObjectDoc> =
  (mongoose.models.IcpcObject as Model<IcpcObjectDoc>) ?? mongoose.model<IcpcObjectDoc>("IcpcObject", objectSchema, "icpc_objects");
export const IcpcFeedHead: Model<IcpcFeedHeadDoc> =
  (mongoose.models.IcpcFeedHead as Model<IcpcFeedHeadDoc>) ?? mongoose.model<IcpcFeedHeadDoc>("IcpcFeedHead", headSchema, "icpc_feed_heads");
