import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { buttonClass, Checkbox, dangerButtonClass, Field, FieldError, inputClass, Notice, Section, textareaClass } from "~/components/admin-problem/ui";
import { AwardType, ContestAuth, OI_RANK_SCORE_TYPES, RANK_SHOW_NAMES, SEAL_CHOICE_SECONDS } from "~/lib/contest";
import { MAX_AWARD_ROWS, moveToZone, readOffset, zoneLabel, type ContestDraft } from "~/lib/contest-draft";
import { contestPrimaryButton } from "~/components/contest/styles";
import { useTranslation } from "~/lib/translation";

// The contest form of the admin area (spec section 5): every field of a contest. It posts to its
// page; the server validates with the service's schema and shows it again with the errors. With
// JavaScript, seal choices longer than the contest are disabled and the password, account-limit,
// OI and award parts show only when they apply. The start and end are shown and sent in the
// admin's own time zone once the page's script runs (the hidden `tzOffset` says which zone);
// without it they are the server's, and the form says so. Award rows are added and removed with
// the form's buttons, which the server answers with the form (at most MAX_AWARD_ROWS rows).

/** A contest rule the form offers (the server's rule registry says which). */
export interface RuleChoice {
  type: number;
  name: string;
  scoring: "acm" | "oi";
}

export function ContestForm({ mode, draft, errors, rules }: { mode: "create" | "edit"; draft: ContestDraft; errors: Record<string, string>; rules: RuleChoice[] }) {
  const { t } = useTranslation("contest-admin");
  const [type, setType] = useState(draft.type);
  const scoring = rules.find((r) => String(r.type) === type)?.scoring ?? "acm";
  const [auth, setAuth] = useState(draft.auth);
  const [awardType, setAwardType] = useState(draft.awardType);
  const [times, setTimes] = useState({ start: draft.startTime, end: draft.endTime });
  const [zone, setZone] = useState(readOffset(draft.tzOffset) ?? 0);
  const startRef = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLInputElement>(null);
  // Once the script runs: the times in the browser's zone, and the form says it sends them so.
  useEffect(() => {
    const from = readOffset(draft.tzOffset);
    const start = startRef.current;
    const end = endRef.current;
    if (from === null || !start || !end) return;
    const browser = new Date().getTimezoneOffset();
    if (browser === from) return;
    start.value = moveToZone(start.value, from, browser);
    end.value = moveToZone(end.value, from, browser);
    setTimes({ start: start.value, end: end.value });
    setZone(browser);
  }, [draft.tzOffset]);
  const duration = (new Date(times.end).getTime() - new Date(times.start).getTime()) / 1000;
  const err = (k: string) => errors[k];
  const described = (k: string) => (errors[k] ? { "aria-invalid": true as const } : {});
  return (
    <Form method="post" className="space-y-4" data-testid="contest-form" noValidate>
      {/* Enter in a text field saves (the first submit button of a form is its default). */}
      <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true">
        {mode === "create" ? t("form.create") : t("form.save")}
      </button>
      <input type="hidden" name="tzOffset" value={zone} />
      {errors._form ? <Notice kind="error">{errors._form}</Notice> : null}
      <Section title={t("form.basic")}>
        <Field label={t("form.title")} htmlFor="title" error={err("title")}>
          <input id="title" name="title" defaultValue={draft.title} maxLength={255} className={inputClass} {...described("title")} />
        </Field>
        <Field label={t("form.description")} htmlFor="description" error={err("description")}>
          <textarea id="description" name="description" defaultValue={draft.description} rows={8} className={textareaClass} {...described("description")} />
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t("form.startTime")} htmlFor="startTime" error={err("startTime")}>
            <input id="startTime" ref={startRef} type="datetime-local" name="startTime" defaultValue={draft.startTime} aria-describedby="time-zone" onChange={(e) => setTimes((x) => ({ ...x, start: e.target.value }))} className={inputClass} {...described("startTime")} />
          </Field>
          <Field label={t("form.endTime")} htmlFor="endTime" error={err("endTime")}>
            <input id="endTime" ref={endRef} type="datetime-local" name="endTime" defaultValue={draft.endTime} aria-describedby="time-zone" onChange={(e) => setTimes((x) => ({ ...x, end: e.target.value }))} className={inputClass} {...described("endTime")} />
          </Field>
          <p id="time-zone" className="text-sm text-gray-700 sm:col-span-2" data-testid="time-zone" data-offset={zone}>
            {t("form.timeZone", { zone: zoneLabel(zone) })}
          </p>
          <Field label={t("form.type")} htmlFor="type" error={err("type")} hint={`${t(`form.rule.${type}`)}${mode === "edit" ? ` ${t("form.typeFixed")}` : ""}`}>
            {mode === "edit" ? <input type="hidden" name="type" value={draft.type} /> : null}
            <select
              id="type"
              name={mode === "edit" ? undefined : "type"}
              defaultValue={draft.type}
              disabled={mode === "edit"}
              onChange={(e) => setType(e.target.value)}
              className={inputClass}
            >
              {rules.map((r) => (
                <option key={r.type} value={r.type}>
                  {r.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("form.auth")} htmlFor="auth" error={err("auth")}>
            <select id="auth" name="auth" defaultValue={draft.auth} onChange={(e) => setAuth(e.target.value)} className={inputClass}>
              <option value={ContestAuth.PUBLIC}>{t("auth.0")}</option>
              <option value={ContestAuth.PRIVATE}>{t("auth.1")}</option>
              <option value={ContestAuth.PROTECTED}>{t("auth.2")}</option>
            </select>
          </Field>
          <Field label={t("form.pwd")} htmlFor="pwd" error={err("pwd")} hint={auth === String(ContestAuth.PUBLIC) ? t("form.pwdPublic") : undefined}>
            <input id="pwd" name="pwd" defaultValue={draft.pwd} maxLength={50} autoComplete="off" className={inputClass} {...described("pwd")} />
          </Field>
          <Field label={t("form.rankShowName")} htmlFor="rankShowName" error={err("rankShowName")}>
            <select id="rankShowName" name="rankShowName" defaultValue={draft.rankShowName} className={inputClass}>
              {RANK_SHOW_NAMES.map((n) => (
                <option key={n} value={n}>
                  {t(`form.showName.${n}`)}
                </option>
              ))}
            </select>
          </Field>
          {scoring === "oi" || mode === "create" ? (
            <Field label={t("form.oiRankScoreType")} htmlFor="oiRankScoreType" error={err("oiRankScoreType")} hint={t("form.oiOnly")}>
              <select id="oiRankScoreType" name="oiRankScoreType" defaultValue={draft.oiRankScoreType} className={inputClass}>
                {OI_RANK_SCORE_TYPES.map((n) => (
                  <option key={n} value={n}>
                    {t(`form.oiScore.${n}`)}
                  </option>
                ))}
              </select>
            </Field>
          ) : (
            <input type="hidden" name="oiRankScoreType" value={draft.oiRankScoreType} />
          )}
        </div>
      </Section>

      <Section title={t("form.rankSection")}>
        <div className="flex flex-wrap gap-4">
          <Checkbox name="sealRank" label={t("form.sealRank")} defaultChecked={draft.sealRank} />
          <Checkbox name="autoRealRank" label={t("form.autoRealRank")} defaultChecked={draft.autoRealRank} />
          <Checkbox name="openRank" label={t("form.openRank")} defaultChecked={draft.openRank} />
          <Checkbox name="openPrint" label={t("form.openPrint")} defaultChecked={draft.openPrint} />
          <Checkbox name="allowEndSubmit" label={t("form.allowEndSubmit")} defaultChecked={draft.allowEndSubmit} />
          <Checkbox name="visible" label={t("form.visible")} defaultChecked={draft.visible} />
        </div>
        <Field label={t("form.sealRankTime")} htmlFor="sealRankTimeChoice" error={err("sealRankTimeChoice") ?? err("sealRankTime")}>
          <select id="sealRankTimeChoice" name="sealRankTimeChoice" defaultValue={draft.sealRankTimeChoice} className={inputClass}>
            {[0, 1, 2].map((c) => (
              <option key={c} value={c} disabled={SEAL_CHOICE_SECONDS[c] !== undefined && Number.isFinite(duration) && duration < SEAL_CHOICE_SECONDS[c]}>
                {t(`form.seal.${c}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t("form.starAccount")} htmlFor="starAccount" error={err("starAccount")} hint={t("form.starHint")}>
          <textarea id="starAccount" name="starAccount" defaultValue={draft.starAccount} rows={3} className={textareaClass} {...described("starAccount")} />
        </Field>
      </Section>

      <Section title={t("form.accountLimit")}>
        <Checkbox name="openAccountLimit" label={t("form.openAccountLimit")} defaultChecked={draft.openAccountLimit} />
        <div className="grid gap-3 sm:grid-cols-4">
          <Field label={t("form.limitPrefix")} htmlFor="limitPrefix">
            <input id="limitPrefix" name="limitPrefix" defaultValue={draft.limitPrefix} className={inputClass} />
          </Field>
          <Field label={t("form.limitSuffix")} htmlFor="limitSuffix">
            <input id="limitSuffix" name="limitSuffix" defaultValue={draft.limitSuffix} className={inputClass} />
          </Field>
          <Field label={t("form.limitStart")} htmlFor="limitStart">
            <input id="limitStart" name="limitStart" inputMode="numeric" defaultValue={draft.limitStart} className={inputClass} />
          </Field>
          <Field label={t("form.limitEnd")} htmlFor="limitEnd">
            <input id="limitEnd" name="limitEnd" inputMode="numeric" defaultValue={draft.limitEnd} className={inputClass} />
          </Field>
        </div>
        <Field label={t("form.limitExtra")} htmlFor="limitExtra" error={err("accountLimitRule")}>
          <input id="limitExtra" name="limitExtra" defaultValue={draft.limitExtra} className={inputClass} {...described("accountLimitRule")} />
        </Field>
      </Section>

      <Section title={t("form.awards")}>
        <Field label={t("form.awardType")} htmlFor="awardType" error={err("awardType") ?? err("awardConfigList")}>
          <select id="awardType" name="awardType" defaultValue={draft.awardType} onChange={(e) => setAwardType(e.target.value)} className={inputClass}>
            <option value={AwardType.NONE}>{t("form.award.0")}</option>
            <option value={AwardType.PROPORTION}>{t("form.award.1")}</option>
            <option value={AwardType.NUMBER}>{t("form.award.2")}</option>
          </select>
        </Field>
        <table className="w-full text-sm" data-award-type={awardType}>
          <thead>
            <tr className="text-left text-gray-700">
              <th className="px-1">{t("form.awardName")}</th>
              <th className="px-1">{t("form.awardBackground")}</th>
              <th className="px-1">{t("form.awardColor")}</th>
              <th className="px-1">{awardType === String(AwardType.NUMBER) ? t("form.awardNumber") : t("form.awardPercent")}</th>
              <th className="px-1">
                <span className="sr-only">{t("form.awardActions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {draft.awards.map((a, i) => (
              <tr key={i}>
                <td className="px-1 py-1">
                  <input name="awardName" defaultValue={a.name} aria-label={`${t("form.awardName")} ${i + 1}`} className={inputClass} />
                </td>
                <td className="px-1 py-1">
                  <input name="awardBackground" defaultValue={a.background} aria-label={`${t("form.awardBackground")} ${i + 1}`} className={inputClass} />
                </td>
                <td className="px-1 py-1">
                  <input name="awardColor" defaultValue={a.color} aria-label={`${t("form.awardColor")} ${i + 1}`} className={inputClass} />
                </td>
                <td className="px-1 py-1">
                  <input name="awardNum" inputMode="numeric" defaultValue={a.num} aria-label={`${t("form.awardPercent")} ${i + 1}`} className={inputClass} />
                </td>
                <td className="px-1 py-1">
                  <button type="submit" name="intent" value={`award-remove-${i}`} className={dangerButtonClass} formNoValidate data-testid="award-remove">
                    {t("form.awardRemove", { n: i + 1 })}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {draft.awards.length < MAX_AWARD_ROWS ? (
          <button type="submit" name="intent" value="award-add" className={buttonClass} formNoValidate data-testid="award-add">
            + {t("form.awardAdd")}
          </button>
        ) : (
          <p className="text-sm text-gray-700">{t("form.awardMax", { max: MAX_AWARD_ROWS })}</p>
        )}
        {Object.entries(errors)
          .filter(([k]) => k.startsWith("awardConfigList."))
          .slice(0, 1)
          .map(([k, m]) => (
            <FieldError key={k} message={m} />
          ))}
      </Section>
      <button type="submit" name="intent" value="save" className={contestPrimaryButton} data-testid="contest-save">
        {mode === "create" ? t("form.create") : t("form.save")}
      </button>
    </Form>
  );
}
