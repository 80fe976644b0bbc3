import { json } from "@remix-run/node";
import { AwardType, DEFAULT_AWARDS, SEAL_CHOICE_SECONDS, SealChoice } from "~/lib/contest";
import { blankAward, emptyContestDraft, localInputValue, MAX_AWARD_ROWS, parseLocalInput, readOffset, type ContestDraft } from "~/lib/contest-draft";
import type { ContestDoc } from "~/models/contest.server";
import type { CurrentUser } from "~/services/account/session.server";
import { formatAccountLimitRule, parseAccountLimitRule } from "~/services/contest/account-limit.server";
import { contestInputSchema, createContest, updateContest } from "~/services/contest/contests.server";
import type { ContestPlace, ContestScope } from "~/services/contest/scope.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate, type FieldErrors } from "~/services/platform/validation.server";
import { flash } from "./flash.server";
import { siteRedirect } from "./paths.server";
import { httpStatusOf } from "./status.server";

// The contest form's edge (spec section 5): the posted fields as a draft (shown again on an error,
// nothing stored), the draft as the input of the service's schema (the same one HOJ's admin calls
// use), and the create or edit call. The times are read in the zone the form says it wrote them in
// (`tzOffset`: the admin's browser's, or the server's without JavaScript, as the form states). The
// award rows are added and removed by the form's own buttons, answered with the draft.

/** The server's zone, for a form whose browser did not say its own. */
function serverOffset(at = new Date()): number {
  return at.getTimezoneOffset();
}

const text = (form: FormData, key: string, max = 70000) => String(form.get(key) ?? "").slice(0, max);

export function contestDraftFrom(form: FormData): ContestDraft {
  const awardNames = form.getAll("awardName").map(String);
  return {
    tzOffset: String(readOffset(text(form, "tzOffset", 8)) ?? serverOffset()),
    title: text(form, "title", 1000),
    description: text(form, "description"),
    type: text(form, "type", 4),
    auth: text(form, "auth", 4),
    pwd: text(form, "pwd", 200),
    startTime: text(form, "startTime", 40),
    endTime: text(form, "endTime", 40),
    sealRank: form.has("sealRank"),
    sealRankTimeChoice: text(form, "sealRankTimeChoice", 4),
    autoRealRank: form.has("autoRealRank"),
    openRank: form.has("openRank"),
    openPrint: form.has("openPrint"),
    allowEndSubmit: form.has("allowEndSubmit"),
    rankShowName: text(form, "rankShowName", 20),
    oiRankScoreType: text(form, "oiRankScoreType", 20),
    openAccountLimit: form.has("openAccountLimit"),
    limitPrefix: text(form, "limitPrefix", 100),
    limitSuffix: text(form, "limitSuffix", 100),
    limitStart: text(form, "limitStart", 12),
    limitEnd: text(form, "limitEnd", 12),
    limitExtra: text(form, "limitExtra", 1500),
    starAccount: text(form, "starAccount", 20000),
    awardType: text(form, "awardType", 4),
    awards: awardNames.slice(0, MAX_AWARD_ROWS).map((name, i) => ({
      name: name.slice(0, 100),
      background: String(form.getAll("awardBackground")[i] ?? "").slice(0, 30),
      color: String(form.getAll("awardColor")[i] ?? "").slice(0, 30),
      num: String(form.getAll("awardNum")[i] ?? "").slice(0, 12),
    })),
    visible: form.has("visible"),
  };
}

/** A stored contest as the form shows it (its times in the server's zone until the browser moves them). */
export function contestDraftOf(c: ContestDoc, offset = serverOffset()): ContestDraft {
  const rule = parseAccountLimitRule(c.accountLimitRule ?? "");
  const duration = (c.endTime.getTime() - c.startTime.getTime()) / 1000;
  let choice = String(SealChoice.FROM_START);
  if (c.sealRankTime) {
    const before = (c.endTime.getTime() - c.sealRankTime.getTime()) / 1000;
    if (before === SEAL_CHOICE_SECONDS[SealChoice.HALF_HOUR] && duration >= before) choice = String(SealChoice.HALF_HOUR);
    else if (before === SEAL_CHOICE_SECONDS[SealChoice.ONE_HOUR] && duration >= before) choice = String(SealChoice.ONE_HOUR);
  }
  const awards = (c.awardConfig?.length ? c.awardConfig : DEFAULT_AWARDS).map((a) => ({ name: a.name, background: a.background, color: a.color, num: String(a.num) }));
  return {
    ...emptyContestDraft(),
    title: c.title,
    description: c.description,
    type: String(c.type),
    auth: String(c.auth),
    pwd: c.pwd ?? "",
    startTime: localInputValue(c.startTime, offset),
    endTime: localInputValue(c.endTime, offset),
    tzOffset: String(offset),
    sealRank: c.sealRank,
    sealRankTimeChoice: choice,
    autoRealRank: c.autoRealRank,
    openRank: c.openRank,
    openPrint: c.openPrint,
    allowEndSubmit: c.allowEndSubmit,
    rankShowName: c.rankShowName,
    oiRankScoreType: c.oiRankScoreType,
    openAccountLimit: c.openAccountLimit,
    limitPrefix: rule.prefix,
    limitSuffix: rule.suffix,
    limitStart: rule.start === null ? "" : String(rule.start),
    limitEnd: rule.end === null ? "" : String(rule.end),
    limitExtra: rule.extra.join(","),
    starAccount: (c.starAccount ?? []).join("\n"),
    awardType: String(c.awardType ?? AwardType.NONE),
    awards,
    visible: c.visible,
  };
}

/** The draft as the schema's input (a datetime-local value is a moment in the draft's zone). */
export function contestInputOf(d: ContestDraft): Record<string, unknown> {
  const offset = readOffset(d.tzOffset) ?? serverOffset();
  // A value that names no moment (2031-02-31) goes to the schema as one it refuses.
  const moment = (v: string) => (v ? (parseLocalInput(v, offset)?.toISOString() ?? "invalid") : undefined);
  return {
    title: d.title,
    description: d.description,
    type: d.type,
    auth: d.auth,
    pwd: d.pwd,
    startTime: moment(d.startTime),
    endTime: moment(d.endTime),
    sealRank: d.sealRank,
    sealRankTimeChoice: d.sealRank ? d.sealRankTimeChoice : undefined,
    autoRealRank: d.autoRealRank,
    openRank: d.openRank,
    openPrint: d.openPrint,
    allowEndSubmit: d.allowEndSubmit,
    rankShowName: d.rankShowName,
    oiRankScoreType: d.oiRankScoreType,
    openAccountLimit: d.openAccountLimit,
    accountLimitRule: d.openAccountLimit
      ? formatAccountLimitRule({
          prefix: d.limitPrefix.trim(),
          suffix: d.limitSuffix.trim(),
          start: /^\d{1,9}$/.test(d.limitStart.trim()) ? Number(d.limitStart.trim()) : null,
          end: /^\d{1,9}$/.test(d.limitEnd.trim()) ? Number(d.limitEnd.trim()) : null,
          extra: d.limitExtra.split(/[\s,，]+/).map((s) => s.trim()).filter(Boolean),
        })
      : "",
    starAccount: d.starAccount,
    awardType: d.awardType,
    awardConfigList: Number(d.awardType) === AwardType.NONE ? undefined : d.awards.map((a, i) => ({ priority: i + 1, name: a.name, background: a.background, color: a.color, num: a.num })),
    visible: d.visible,
  };
}

export type ContestFormAnswer = { draft: ContestDraft; errors: FieldErrors; nonce: number };

/** An award row added (at most MAX_AWARD_ROWS) or removed by the form's buttons; false for any other intent. */
export function applyAwardIntent(draft: ContestDraft, intent: string): boolean {
  if (intent === "award-add") {
    if (draft.awards.length < MAX_AWARD_ROWS) draft.awards.push(blankAward());
    return true;
  }
  const remove = /^award-remove-(\d{1,2})$/.exec(intent);
  if (!remove) return false;
  draft.awards.splice(Number(remove[1]), 1);
  return true;
}

/**
 * Creates a contest in a place (the site, a group) or edits a resolved one from the posted form;
 * field errors keep the draft. `done`: the page to return to after saving.
 */
export async function contestFormAction(request: Request, user: CurrentUser, target: { create: ContestPlace } | { edit: ContestScope }, done: (cid: number) => string) {
  const t = await getT(request, ["contest", "common"]);
  const form = await request.formData();
  const draft = contestDraftFrom(form);
  const refuse = (errors: FieldErrors, status: number) => json<ContestFormAnswer>({ draft, errors, nonce: Date.now() }, { status });
  if (applyAwardIntent(draft, String(form.get("intent") ?? "save"))) return json<ContestFormAnswer>({ draft, errors: {}, nonce: Date.now() });
  const v = validate(t, contestInputSchema, contestInputOf(draft));
  if (!v.ok) return refuse(v.errors, 400);
  let saved: ContestDoc;
  try {
    saved = "create" in target ? await createContest(user, v.data, target.create) : await updateContest(target.edit, v.data);
  } catch (err) {
    if (err instanceof DomainError) return refuse({ _form: t(err.message, err.params ?? {}) }, httpStatusOf(err.kind));
    throw err;
  }
  const cookie = await flash(request, { type: "success", key: "create" in target ? "contest-admin:flash.created" : "contest-admin:flash.saved" });
  return siteRedirect(done(saved._id), { headers: { "Set-Cookie": cookie } });
}
