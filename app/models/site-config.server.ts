import mongoose, { Schema, type Model } from "mongoose";

// The website configuration (spec section 3) as one document. Defaults are applied on first start
// and for any field a stored document lacks.

export interface WebsiteConfig {
  projectName: string;
  shortName: string;
  projectUrl: string;
  description: string;
  recordName: string;
  recordUrl: string;
  /** Knowledge-base link shown in the footer. */
  knowledgeBaseUrl: string;
  /** Public address of the site, used in e-mails and links sent outside the browser. */
  baseUrl: string;
  /** Whether new accounts may register. */
  register: boolean;
  openPublicDiscussion: boolean;
  openGroupDiscussion: boolean;
  openContestComment: boolean;
  /** Submissions one user may have waiting for a verdict at once, outside contests. */
  submitUnfinishedMax: number;
  /** Submissions one user may send in a minute, outside contests. */
  submitPerMinute: number;
  /** The same two in contests, larger: a contestant submits in bursts and must never wait on us. */
  contestSubmitUnfinishedMax: number;
  contestSubmitPerMinute: number;
  /** Problems a user must have solved to post a discussion, comment or create a group (admins are exempt). */
  discussionAcMin: number;
  /** Discussions one user may post a day. */
  discussionDailyMax: number;
  commentAcMin: number;
  groupAcMin: number;
  /** Groups one user may create a day, and in all. */
  groupDailyMax: number;
  groupTotalMax: number;
}

export const WEBSITE_CONFIG_DEFAULTS: WebsiteConfig = {
  projectName: "Online Judge",
  shortName: "OJ",
  projectUrl: "/",
  description: "",
  recordName: "© 2026 Online Judge",
  recordUrl: "",
  knowledgeBaseUrl: "https://oi-wiki.org/",
  baseUrl: "",
  register: true,
  openPublicDiscussion: true,
  openGroupDiscussion: true,
  openContestComment: true,
  submitUnfinishedMax: 5,
  submitPerMinute: 20,
  contestSubmitUnfinishedMax: 10,
  contestSubmitPerMinute: 60,
  discussionAcMin: 10,
  discussionDailyMax: 5,
  commentAcMin: 10,
  groupAcMin: 20,
  groupDailyMax: 2,
  groupTotalMax: 5,
};

interface SiteConfigDoc extends WebsiteConfig {
  _id: string;
  /** HOJ's switches kept as HOJ's admin sets them, with no behaviour here (app/services/site/switch-config.server.ts). */
  hojOnly?: Record<string, unknown>;
  gmtModified: Date;
}

const siteConfigSchema = new Schema<SiteConfigDoc>(
  {
    _id: { type: String, required: true },
    projectName: String,
    shortName: String,
    projectUrl: String,
    description: String,
    recordName: String,
    recordUrl: String,
    knowledgeBaseUrl: String,
    baseUrl: String,
    register: Boolean,
    openPublicDiscussion: Boolean,
    openGroupDiscussion: Boolean,
    openContestComment: Boolean,
    submitUnfinishedMax: Number,
    submitPerMinute: Number,
    contestSubmitUnfinishedMax: Number,
    contestSubmitPerMinute: Number,
    discussionAcMin: Number,
    discussionDailyMax: Number,
    commentAcMin: Number,
    groupAcMin: Number,
    groupDailyMax: Number,
    groupTotalMax: Number,
    hojOnly: { type: Schema.Types.Mixed, default: undefined },
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);

export const SiteConfig: Model<SiteConfigDoc> =
  (mongoose.models.SiteConfig as Model<SiteConfigDoc>) ??
  mongoose.model<SiteConfigDoc>("SiteConfig", siteConfigSchema, "site_config");
