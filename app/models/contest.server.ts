import mongoose, { Schema, type Model } from "mongoose";

// A contest (spec section 3). Numeric `_id` is HOJ's contest id. A contest belongs to the site
// (gid null) or to a group; its status is never stored: it follows from the clock
// (`contestStatus()` in app/services/contest/contests.server.ts).

export interface AwardConfig {
  /** Order of the award, 1 first (gold). */
  priority: number;
  name: string;
  background: string;
  color: string;
  /** Percent of the ranked participants (awardType 1) or number of them (awardType 2). */
  num: number;
}

export interface ContestDoc {
  _id: number;
  title: string;
  description: string;
  /** 0 ACM, 1 OI. Fixed once created. */
  type: number;
  /** 0 public, 1 private, 2 protected. */
  auth: number;
  pwd: string;
  startTime: Date;
  endTime: Date;
  /** Seconds. */
  duration: number;
  sealRank: boolean;
  /** When the board freezes (null: not sealed). */
  sealRankTime: Date | null;
  /** Unseal the board by itself once the contest has ended. */
  autoRealRank: boolean;
  /**
   * When an admin lifted a seal that held (turned sealing off while the board was sealed), and the
   * seal time it had: the Contest API's freeze and thaw (app/services/icpc). Null otherwise.
   */
  thawedAt?: Date | null;
  thawedSealTime?: Date | null;
  /** Outside scoreboard open to everyone. */
  openRank: boolean;
  openPrint: boolean;
  /** username, nickname or realname. */
  rankShowName: string;
  openAccountLimit: boolean;
  /** Tagged parts: <prefix>..</prefix><suffix>..</suffix><start>..</start><end>..</end><extra>..</extra>. */
  accountLimitRule: string;
  allowEndSubmit: boolean;
  /** Usernames shown with rank -1 (*). */
  starAccount: string[];
  /** Recent or Highest. */
  oiRankScoreType: string;
  /** 0 none, 1 proportion, 2 number. */
  awardType: number;
  awardConfig: AwardConfig[];
  /** Creator. */
  uid: string;
  author: string;
  gid: number | null;
  visible: boolean;
  /** 0 original; a cloned contest's source id. */
  source: number;
  gmtCreate: Date;
  gmtModified: Date;
}

const awardSchema = new Schema<AwardConfig>(
  { priority: Number, name: String, background: String, color: String, num: Number },
  { _id: false },
);

const contestSchema = new Schema<ContestDoc>(
  {
    _id: { type: Number, required: true },
    title: { type: String, required: true },
    description: { type: String, default: "" },
    type: { type: Number, default: 0 },
    auth: { type: Number, default: 0 },
    pwd: { type: String, default: "" },
    startTime: { type: Date, required: true },
    endTime: { type: Date, required: true },
    duration: { type: Number, required: true },
    sealRank: { type: Boolean, default: false },
    sealRankTime: { type: Date, default: null },
    autoRealRank: { type: Boolean, default: true },
    thawedAt: { type: Date, default: null },
    thawedSealTime: { type: Date, default: null },
    openRank: { type: Boolean, default: false },
    openPrint: { type: Boolean, default: false },
    rankShowName: { type: String, default: "username" },
    openAccountLimit: { type: Boolean, default: false },
    accountLimitRule: { type: String, default: "" },
    allowEndSubmit: { type: Boolean, default: false },
    starAccount: { type: [String], default: [] },
    oiRankScoreType: { type: String, default: "Recent" },
    awardType: { type: Number, default: 0 },
    awardConfig: { type: [awardSchema], default: [] },
    uid: { type: String, required: true },
    author: { type: String, required: true },
    gid: { type: Number, default: null },
    visible: { type: Boolean, default: true },
    source: { type: Number, default: 0 },
    gmtCreate: { type: Date, default: () => new Date() },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
// The list reads the newest first within the site or a group.
contestSchema.index({ gid: 1, startTime: -1 });

export const Contest: Model<ContestDoc> =
  (mongoose.models.Contest as Model<ContestDoc>) ?? mongoose.model<ContestDoc>("Contest", contestSchema, "contests");
