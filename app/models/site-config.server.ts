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
};

interface SiteConfigDoc extends WebsiteConfig {
  _id: string;
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
    gmtModified: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);

export const SiteConfig: Model<SiteConfigDoc> =
  (mongoose.models.SiteConfig as Model<SiteConfigDoc>) ??
  mongoose.model<SiteConfigDoc>("SiteConfig", siteConfigSchema, "site_config");
