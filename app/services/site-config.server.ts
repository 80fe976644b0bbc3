import { SiteConfig, WEBSITE_CONFIG_DEFAULTS, type WebsiteConfig } from "~/models/site-config.server";

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

export function clearWebsiteConfigCache(): void {
  cached = null;
}
