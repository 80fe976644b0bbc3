import { z } from "zod";
import { RemoteAccountModel } from "~/models/remote-account.server";
import { SiteConfig } from "~/models/site-config.server";
import { replaceRemoteAccounts } from "../remote/accounts.server";
import { allowanceField, communityLimitField, E, getWebsiteConfig, switchField, updateSwitches, type Switches } from "./config.server";

// HOJ's switch settings (GET /ojapi/admin/switch/info, PUT /ojapi/admin/switch/update: HOJ's
// SwitchConfigDTO) over the site's own: the community switches and limits are ours under HOJ's
// names, the remote judges' accounts are the remote account list (HOJ's OJ names: hdu, cf, poj,
// atcoder, spoj). HOJ's switches this site does not act on (judging switched off per place, hiding
// code outside contests, the interval between submissions, LibreOJ accounts) are kept and returned
// as HOJ's admin set them, and change nothing else. Besides HOJ's fields the calls take and answer
// the site's own settings HOJ has no name for (`register`, the submission allowances).

/** The stored-only switches with HOJ's defaults. */
const HOJ_ONLY_DEFAULTS = {
  openPublicJudge: true,
  openGroupJudge: true,
  openContestJudge: true,
  hideNonContestSubmissionCode: false,
  defaultSubmitInterval: 8,
  libreojUsernameList: [] as string[],
  libreojPasswordList: [] as string[],
};
type HojOnly = typeof HOJ_ONLY_DEFAULTS;

/** HOJ's names of our community settings. */
const COMMUNITY_NAMES = {
  defaultCreateGroupDailyLimit: "groupDailyMax",
  defaultCreateGroupLimit: "groupTotalMax",
  defaultCreateGroupACInitValue: "groupAcMin",
  defaultCreateDiscussionDailyLimit: "discussionDailyMax",
  defaultCreateDiscussionACInitValue: "discussionAcMin",
  defaultCreateCommentACInitValue: "commentAcMin",
} as const satisfies Record<string, keyof Switches>;

/** HOJ's prefix of a remote judge's account lists, and the OJ's name here. */
const REMOTE_NAMES = { hdu: "HDU", cf: "CF", poj: "POJ", atcoder: "AC", spoj: "SPOJ" } as const;

/** The site's own settings the calls also take (no HOJ name). */
const OWN_NAMES = ["register", "submitUnfinishedMax", "submitPerMinute", "contestSubmitUnfinishedMax", "contestSubmitPerMinute"] as const;

const accountList = z.array(z.string({ invalid_type_error: `${E}remoteAccountsInvalid` }).trim().min(1, `${E}remoteAccountsInvalid`).max(200, `${E}remoteAccountsInvalid`), {
  invalid_type_error: `${E}remoteAccountsInvalid`,
}).max(100, `${E}remoteAccountsInvalid`);

const intervalField = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v),
  z.number({ invalid_type_error: `${E}intervalInvalid` }).int(`${E}intervalInvalid`).min(0, `${E}intervalInvalid`).max(3600, `${E}intervalInvalid`),
);

const REMOTE_PREFIXES = ["hdu", "cf", "poj", "atcoder", "spoj", "libreoj"] as const;
type ListKey = `${(typeof REMOTE_PREFIXES)[number]}${"UsernameList" | "PasswordList"}`;

/** HOJ's SwitchConfigDTO (every field optional: HOJ's client sends them all), with the site's own. */
export const hojSwitchConfigSchema = z
  .object({
    openPublicDiscussion: switchField.optional(),
    openGroupDiscussion: switchField.optional(),
    openContestComment: switchField.optional(),
    openPublicJudge: switchField.optional(),
    openGroupJudge: switchField.optional(),
    openContestJudge: switchField.optional(),
    hideNonContestSubmissionCode: switchField.optional(),
    defaultSubmitInterval: intervalField.optional(),
    defaultCreateGroupDailyLimit: communityLimitField.optional(),
    defaultCreateGroupLimit: communityLimitField.optional(),
    defaultCreateGroupACInitValue: communityLimitField.optional(),
    defaultCreateDiscussionDailyLimit: communityLimitField.optional(),
    defaultCreateDiscussionACInitValue: communityLimitField.optional(),
    defaultCreateCommentACInitValue: communityLimitField.optional(),
    hduUsernameList: accountList.optional(),
    hduPasswordList: accountList.optional(),
    cfUsernameList: accountList.optional(),
    cfPasswordList: accountList.optional(),
    pojUsernameList: accountList.optional(),
    pojPasswordList: accountList.optional(),
    atcoderUsernameList: accountList.optional(),
    atcoderPasswordList: accountList.optional(),
    spojUsernameList: accountList.optional(),
    spojPasswordList: accountList.optional(),
    libreojUsernameList: accountList.optional(),
    libreojPasswordList: accountList.optional(),
    register: switchField.optional(),
    submitUnfinishedMax: allowanceField.optional(),
    submitPerMinute: allowanceField.optional(),
    contestSubmitUnfinishedMax: allowanceField.optional(),
    contestSubmitPerMinute: allowanceField.optional(),
  })
  .superRefine((v, ctx) => {
    if (!Object.values(v).some((x) => x !== undefined)) ctx.addIssue({ code: "custom", message: `${E}nothingToUpdate` });
    for (const p of REMOTE_PREFIXES) {
      const users = v[`${p}UsernameList` satisfies ListKey];
      const passwords = v[`${p}PasswordList` satisfies ListKey];
      // Accounts are pairs: a list of names needs its list of passwords, one for each.
      if ((users || passwords) && users?.length !== passwords?.length) ctx.addIssue({ code: "custom", path: [`${p}PasswordList`], message: `${E}remoteAccountsMismatch` });
    }
  });

async function hojOnly(): Promise<HojOnly> {
  const doc = await SiteConfig.findById("website").select("hojOnly").lean();
  const stored = (doc?.hojOnly ?? {}) as Partial<HojOnly>;
  return { ...HOJ_ONLY_DEFAULTS, ...stored };
}

/** HOJ's SwitchConfigDTO from the site's settings, with the site's own settings HOJ has no name for. */
export async function hojSwitchConfig() {
  const [c, kept, accounts] = await Promise.all([getWebsiteConfig(), hojOnly(), RemoteAccountModel.find({}).sort({ oj: 1, username: 1 }).lean()]);
  const remote: Record<string, string[]> = {};
  for (const [prefix, oj] of Object.entries(REMOTE_NAMES)) {
    const mine = accounts.filter((a) => a.oj === oj);
    remote[`${prefix}UsernameList`] = mine.map((a) => a.username);
    remote[`${prefix}PasswordList`] = mine.map((a) => a.password);
  }
  return {
    openPublicDiscussion: c.openPublicDiscussion,
    openGroupDiscussion: c.openGroupDiscussion,
    openContestComment: c.openContestComment,
    openPublicJudge: kept.openPublicJudge,
    openGroupJudge: kept.openGroupJudge,
    openContestJudge: kept.openContestJudge,
    hideNonContestSubmissionCode: kept.hideNonContestSubmissionCode,
    defaultSubmitInterval: kept.defaultSubmitInterval,
    ...(Object.fromEntries(Object.entries(COMMUNITY_NAMES).map(([hoj, ours]) => [hoj, c[ours]])) as Record<keyof typeof COMMUNITY_NAMES, number>),
    ...remote,
    libreojUsernameList: kept.libreojUsernameList,
    libreojPasswordList: kept.libreojPasswordList,
    ...(Object.fromEntries(OWN_NAMES.map((k) => [k, c[k]])) as Pick<Switches, (typeof OWN_NAMES)[number]>),
  };
}

/** Applies HOJ's SwitchConfigDTO (validated): the fields sent, each to the setting it names. */
export async function updateHojSwitchConfig(input: z.infer<typeof hojSwitchConfigSchema>): Promise<void> {
  const patch: Partial<Switches> = {};
  for (const k of ["openPublicDiscussion", "openGroupDiscussion", "openContestComment"] as const) if (input[k] !== undefined) patch[k] = input[k];
  for (const [hoj, ours] of Object.entries(COMMUNITY_NAMES)) {
    const v = input[hoj as keyof typeof COMMUNITY_NAMES];
    if (v !== undefined) patch[ours] = v;
  }
  for (const k of OWN_NAMES) if (input[k] !== undefined) (patch as Record<string, unknown>)[k] = input[k];
  const kept: Record<string, unknown> = {};
  for (const k of Object.keys(HOJ_ONLY_DEFAULTS) as Array<keyof HojOnly>) if (input[k] !== undefined) kept[`hojOnly.${k}`] = input[k];
  if (Object.keys(kept).length) await SiteConfig.updateOne({ _id: "website" }, { $set: kept }, { upsert: true });
  if (Object.keys(patch).length) await updateSwitches(patch);
  for (const [prefix, oj] of Object.entries(REMOTE_NAMES)) {
    const users = input[`${prefix as keyof typeof REMOTE_NAMES}UsernameList` satisfies ListKey];
    const passwords = input[`${prefix as keyof typeof REMOTE_NAMES}PasswordList` satisfies ListKey];
    if (users && passwords) await replaceRemoteAccounts(oj, users.map((username, i) => ({ username, password: passwords[i] })));
  }
}
