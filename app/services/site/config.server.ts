import { z } from "zod";
import {
  COMMUNITY_LIMIT_KEYS,
  COMMUNITY_LIMIT_RANGE,
  SUBMISSION_ALLOWANCE_KEYS,
  SUBMISSION_ALLOWANCE_RANGE,
  SWITCH_KEYS,
  WEBSITE_CONFIG_LIMITS,
  type CommunityLimitKey,
  type SubmissionAllowanceKey,
  type SwitchKey,
} from "~/lib/site-config";
import { SiteConfig, WEBSITE_CONFIG_DEFAULTS, type WebsiteConfig } from "~/models/site-config.server";
import { pagesChanged } from "../platform/page-cache.server";

const CONFIG_ID = "website";
const CACHE_MS = 5000;

let cached: { value: WebsiteConfig; at: number } | null = null;

/** The website configuration with defaults for missing fields; cached a few seconds per process. */
export async function getWebsiteConfig(): Promise<WebsiteConfig> {
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
  const doc = await SiteConfig.findById(CONFIG_ID).lean();
  const value: WebsiteConfig = { ...WEBSITE_CONFIG_DEFAULTS };
  if (doc) {
    for (const key of Object.keys(WEBSITE_CONFIG_DEFAULTS) as Array<keyof WebsiteConfig>) {
      const v = doc[key];
      if (v !== undefined && v !== null) (value as unknown as Record<string, unknown>)[key] = v;
    }
  }
  cached = { value, at: Date.now() };
  return value;
}

export async function updateWebsiteConfig(patch: Partial<WebsiteConfig>): Promise<WebsiteConfig> {
  const clean: Partial<WebsiteConfig> = {};
  for (const key of Object.keys(WEBSITE_CONFIG_DEFAULTS) as Array<keyof WebsiteConfig>) {
    if (patch[key] !== undefined) (clean as Record<string, unknown>)[key] = patch[key];
  }
  await SiteConfig.updateOne({ _id: CONFIG_ID }, { $set: { ...clean, gmtModified: new Date() } }, { upsert: true });
  cached = null;
  await pagesChanged("site");
  return getWebsiteConfig();
}

/** First start: store the defaults so admins see and edit concrete values. */
export async function seedWebsiteConfig(): Promise<void> {
  const exists = await SiteConfig.exists({ _id: CONFIG_ID });
  if (!exists) {
    await SiteConfig.updateOne(
      { _id: CONFIG_ID },
      { $setOnInsert: { ...WEBSITE_CONFIG_DEFAULTS, gmtModified: new Date() } },
      { upsert: true },
    );
  }
  cached = null;
}


// ---- Validation (admin conf and switch pages, /ojapi/admin/config and /ojapi/admin/switch) ----

export const E = "admin:conf.errors.";

// Stored strings must not hold NUL; one-line fields hold no control characters at all.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

function singleLine(max: number, tooLong: string) {
  return z
    .string({ invalid_type_error: `${E}invalid` })
    .trim()
    .max(max, `${E}${tooLong}`)
    .refine((s) => !CONTROL_CHARS.test(s), `${E}controlChars`);
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === "http:" || u.protocol === "https:") && !!u.hostname;
  } catch {
    return false;
  }
}

/** Empty, an http(s) address, or a path of this site ("/..."): never javascript: and the like. */
const linkField = singleLine(WEBSITE_CONFIG_LIMITS.url, "urlTooLong").refine(
  (s) => s === "" || isHttpUrl(s) || (s.startsWith("/") && !s.startsWith("//") && !s.includes("\\")),
  `${E}linkInvalid`,
);

/** Empty or an http(s) address. */
const absoluteUrlField = singleLine(WEBSITE_CONFIG_LIMITS.url, "urlTooLong").refine((s) => s === "" || isHttpUrl(s), `${E}urlInvalid`);

/** A switch from JSON (true/false) or a form ("true", "on", "1"; "false", "0"). */
export const switchField = z.preprocess(
  (v) => {
    if (v === true || v === "true" || v === "on" || v === "1" || v === 1) return true;
    if (v === false || v === "false" || v === "off" || v === "0" || v === 0) return false;
    return v;
  },
  z.boolean({ invalid_type_error: `${E}switchInvalid`, required_error: `${E}switchInvalid` }),
);

export const websiteConfigSchema = z.object({
  projectName: singleLine(WEBSITE_CONFIG_LIMITS.projectName, "projectNameTooLong").refine((s) => s.length > 0, `${E}projectNameRequired`),
  shortName: singleLine(WEBSITE_CONFIG_LIMITS.shortName, "shortNameTooLong").refine((s) => s.length > 0, `${E}shortNameRequired`),
  projectUrl: linkField,
  description: z
    .string({ invalid_type_error: `${E}invalid` })
    .trim()
    .max(WEBSITE_CONFIG_LIMITS.description, `${E}descriptionTooLong`)
    .refine((s) => !s.includes("\u0000"), `${E}controlChars`),
  recordName: singleLine(WEBSITE_CONFIG_LIMITS.recordName, "recordNameTooLong"),
  recordUrl: absoluteUrlField,
  knowledgeBaseUrl: linkField,
  baseUrl: absoluteUrlField,
  register: switchField,
  openPublicDiscussion: switchField,
  openGroupDiscussion: switchField,
  openContestComment: switchField,
}) satisfies z.ZodType<Omit<WebsiteConfig, SubmissionAllowanceKey | CommunityLimitKey>, z.ZodTypeDef, unknown>;

/** A submission allowance: a whole number in SUBMISSION_ALLOWANCE_RANGE, from JSON or a form. */
export const allowanceField = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v),
  z
    .number({ invalid_type_error: `${E}allowanceInvalid`, required_error: `${E}allowanceInvalid` })
    .int(`${E}allowanceInvalid`)
    .min(SUBMISSION_ALLOWANCE_RANGE.min, `${E}allowanceInvalid`)
    .max(SUBMISSION_ALLOWANCE_RANGE.max, `${E}allowanceInvalid`),
);

/** A community limit: a whole number in COMMUNITY_LIMIT_RANGE, from JSON or a form. */
export const communityLimitField = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v),
  z
    .number({ invalid_type_error: `${E}limitInvalid`, required_error: `${E}limitInvalid` })
    .int(`${E}limitInvalid`)
    .min(COMMUNITY_LIMIT_RANGE.min, `${E}limitInvalid`)
    .max(COMMUNITY_LIMIT_RANGE.max, `${E}limitInvalid`),
);

/** The API may send only the fields it changes; at least one. */
export const websiteConfigPatchSchema = websiteConfigSchema
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), `${E}nothingToUpdate`);

/** What the switch page sets: the on/off switches and the submission allowances. */
export type Switches = Pick<WebsiteConfig, SwitchKey | SubmissionAllowanceKey | CommunityLimitKey>;

export const switchesSchema = websiteConfigSchema
  .pick({
    register: true,
    openPublicDiscussion: true,
    openGroupDiscussion: true,
    openContestComment: true,
  })
  .extend({
    submitUnfinishedMax: allowanceField,
    submitPerMinute: allowanceField,
    contestSubmitUnfinishedMax: allowanceField,
    contestSubmitPerMinute: allowanceField,
    discussionAcMin: communityLimitField,
    discussionDailyMax: communityLimitField,
    commentAcMin: communityLimitField,
    groupAcMin: communityLimitField,
    groupDailyMax: communityLimitField,
    groupTotalMax: communityLimitField,
  }) satisfies z.ZodType<Switches, z.ZodTypeDef, unknown>;

/**
 * A form's fields as input for the schemas: an unchecked checkbox sends nothing, so every switch
 * the form shows and leaves out is false.
 */
export function configFormInput(form: FormData, switches: readonly SwitchKey[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && !(k in out)) out[k] = v;
  for (const k of switches) out[k] = form.getAll(k).some((v) => v === "on" || v === "true");
  return out;
}

const SWITCH_PAGE_KEYS = [...SWITCH_KEYS, ...SUBMISSION_ALLOWANCE_KEYS, ...COMMUNITY_LIMIT_KEYS] as const;

export async function getSwitches(): Promise<Switches> {
  const c = await getWebsiteConfig();
  return Object.fromEntries(SWITCH_PAGE_KEYS.map((k) => [k, c[k]])) as Switches;
}

/** Saves the validated switches and allowances sent (switchesSchema, or a part of it). */
export async function updateSwitches(patch: Partial<Switches>): Promise<Switches> {
  await updateWebsiteConfig(Object.fromEntries(SWITCH_PAGE_KEYS.filter((k) => patch[k] !== undefined).map((k) => [k, patch[k]])));
  return getSwitches();
}

/** What every visitor may read (GET /ojapi/get-website-config), in HOJ's shape plus baseUrl. */
export async function publicWebsiteConfig() {
  const c = await getWebsiteConfig();
  return {
    recordName: c.recordName,
    projectName: c.projectName,
    shortName: c.shortName,
    recordUrl: c.recordUrl,
    projectUrl: c.projectUrl,
    description: c.description,
    register: c.register,
    openPublicDiscussion: c.openPublicDiscussion,
    openGroupDiscussion: c.openGroupDiscussion,
    openContestComment: c.openContestComment,
    baseUrl: c.baseUrl,
  };
}
