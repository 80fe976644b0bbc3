import mongoose, { Schema, type Model } from "mongoose";
import { Role } from "~/lib/constants";

export interface UserDoc {
  /** uid: 32 hex characters, as HOJ's uid. */
  _id: string;
  username: string;
  /** Lower-cased username, for case-insensitive uniqueness and look-up without collation. */
  usernameLower: string;
  email: string;
  /**
   * Uniqueness key of the e-mail: the lower-cased address, or "#<uid>" for a user without one
   * (FerretDB has no partial indexes, and an address always contains "@").
   */
  emailLower: string;
  passwordHash: string;
  role: number;
  /** 0 normal, 1 disabled. */
  status: number;
  nickname: string;
  realname: string;
  school: string;
  course: string;
  number: string;
  gender: string;
  avatar: string;
  signature: string;
  github: string;
  blog: string;
  cfUsername: string;
  mobile: string;
  titleName: string;
  titleColor: string;
  /** Problem ids (numeric pid) the user has solved; maintained by the judge result applier. */
  solvedPids: number[];
  /** Counters kept with $inc when results are applied. */
  submitCount: number;
  acCount: number;
  /** Accepted submissions counted in the bank (acCount is the number of solved problems). */
  acSubmitCount: number;
  /** OI rank score sum (spec section 9). */
  oiScore: number;
  recentLoginTime: Date | null;
  gmtCreate: Date;
  gmtModified: Date;
}

const userSchema = new Schema<UserDoc>(
  {
    _id: { type: String, required: true },
    username: { type: String, required: true },
    usernameLower: { type: String, required: true },
    email: { type: String, default: "" },
    emailLower: { type: String, required: true },
    passwordHash: { type: String, required: true },
    role: { type: Number, default: Role.DEFAULT_USER },
    status: { type: Number, default: 0 },
    nickname: { type: String, default: "" },
    realname: { type: String, default: "" },
    school: { type: String, default: "" },
    course: { type: String, default: "" },
    number: { type: String, default: "" },
    gender: { type: String, default: "secrecy" },
    avatar: { type: String, default: "" },
    signature: { type: String, default: "" },
    github: { type: String, default: "" },
    blog: { type: String, default: "" },
    cfUsername: { type: String, default: "" },
    mobile: { type: String, default: "" },
    titleName: { type: String, default: "" },
    titleColor: { type: String, default: "" },
    solvedPids: { type: [Number], default: [] },
    submitCount: { type: Number, default: 0 },
    acCount: { type: Number, default: 0 },
    acSubmitCount: { type: Number, default: 0 },
    oiScore: { type: Number, default: 0 },
    recentLoginTime: { type: Date, default: null },
    gmtCreate: { type: Date, default: () => new Date() },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
userSchema.index({ usernameLower: 1 }, { unique: true });
userSchema.index({ emailLower: 1 }, { unique: true });
userSchema.index({ acCount: -1 });
userSchema.index({ oiScore: -1 });

export const User: Model<UserDoc> =
  (mongoose.models.User as Model<UserDoc>) ?? mongoose.model<UserDoc>("User", userSchema, "users");
