import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { moveToZone, readOffset, zoneLabel } from "~/lib/contest-draft";
import { LATE_PERIOD_HOURS } from "~/lib/homework";
import { Field, inputClass, primaryButtonClass, textareaClass } from "~/components/admin-problem/ui";
import { TRAINING_RANK_MAX } from "~/lib/training";
import { useTranslation } from "~/lib/translation";

// The training form of the admin area (spec section 5): number, title, description, category,
// auth with its password, shown, and the homework part (due time, what a late solve earns, a hard
// end). Posted to the page's own action; errors come back per field. The two times are shown and
// sent in the admin's own zone once the page's script runs (the hidden `tzOffset` says which);
// without it they are the server's, and the form says so (as the contest form does).

export interface TrainingDraft {
  title: string;
  rank: string;
  description: string;
  auth: string;
  privatePwd: string;
  categoryId: string;
  status: boolean;
  /** YYYY-MM-DDTHH:mm (datetime-local) in the zone `tzOffset` names; "" for none. */
  dueAt: string;
  hardEndAt: string;
  /** `Date#getTimezoneOffset()` of the zone the times are written in. */
  tzOffset: string;
  lateRule: string;
  latePenaltyPercent: string;
  latePeriodHours: string;
  lateFloorPercent: string;
}

export function TrainingForm({
  draft,
  errors,
  categories,
  submitLabel,
  newCategory = false,
}: {
  draft: TrainingDraft;
  errors: Record<string, string>;
  categories: Array<{ id: number; name: string }>;
  submitLabel: string;
  /** A group's form: a new category may be named instead of choosing one. */
  newCategory?: boolean;
}) {
  const { t } = useTranslation("training-admin");
  const [zone, setZone] = useState(readOffset(draft.tzOffset) ?? 0);
  const dueRef = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLInputElement>(null);
  // Once the script runs: the times in the browser's zone, and the form says it sends them so.
  useEffect(() => {
    const from = readOffset(draft.tzOffset);
    const browser = new Date().getTimezoneOffset();
    if (from === null || browser === from) return;
    for (const input of [dueRef.current, endRef.current]) if (input?.value) input.value = moveToZone(input.value, from, browser);
    setZone(browser);
  }, [draft.tzOffset]);
  const invalid = (k: string) => (errors[k] ? { "aria-invalid": true as const } : {});
  return (
    <Form method="post" className="space-y-4 rounded border border-gray-200 bg-white p-4" data-testid="training-form">
      {errors._form ? (
        <p role="alert" className="text-sm text-red-700">
          {errors._form}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("form.title")} htmlFor="tf-title" error={errors.title}>
          <input id="tf-title" name="title" defaultValue={draft.title} maxLength={255} className={inputClass} />
        </Field>
        <Field label={t("form.rank")} htmlFor="tf-rank" error={errors.rank} hint={t("form.rankHint")}>
          <input id="tf-rank" name="rank" type="number" min={0} max={TRAINING_RANK_MAX} defaultValue={draft.rank} className={inputClass} />
        </Field>
        <Field label={t("form.category")} htmlFor="tf-category" error={errors.categoryId}>
          <select id="tf-category" name="categoryId" defaultValue={draft.categoryId} className={inputClass}>
            <option value="">{t("form.chooseCategory")}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        {newCategory ? (
          <div className="grid grid-cols-[1fr_auto] gap-2">
            <Field label={t("form.newCategory")} htmlFor="tf-new-category" hint={t("form.newCategoryHint")}>
              <input id="tf-new-category" name="newCategoryName" maxLength={50} className={inputClass} />
            </Field>
            <Field label={t("form.newCategoryColor")} htmlFor="tf-new-category-color">
              <input id="tf-new-category-color" name="newCategoryColor" type="color" defaultValue="#2d8cf0" className="h-8 w-12 rounded border" />
            </Field>
          </div>
        ) : null}
        <Field label={t("form.auth")} htmlFor="tf-auth" error={errors.auth}>
          <select id="tf-auth" name="auth" defaultValue={draft.auth} className={inputClass}>
            <option value="Public">{t("form.public")}</option>
            <option value="Private">{t("form.private")}</option>
          </select>
        </Field>
        <Field label={t("form.password")} htmlFor="tf-pwd" error={errors.privatePwd} hint={t("form.passwordHint")}>
          <input id="tf-pwd" name="privatePwd" defaultValue={draft.privatePwd} maxLength={50} className={inputClass} autoComplete="off" />
        </Field>
        <div className="flex items-center gap-2 pt-6">
          <input type="hidden" name="status" value="false" />
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" name="status" value="true" defaultChecked={draft.status} className="h-4 w-4" />
            {t("form.shown")}
          </label>
        </div>
      </div>
      <fieldset className="rounded border border-gray-200 p-3" data-testid="training-homework">
        <legend className="px-1 text-sm font-semibold">{t("form.homework")}</legend>
        <input type="hidden" name="tzOffset" value={zone} />
        <p className="mb-2 text-sm text-gray-700" id="tf-zone" data-testid="training-time-zone" data-offset={zone}>
          {t("form.homeworkHint")} {t("form.timeZone", { zone: zoneLabel(zone) })}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("form.dueAt")} htmlFor="tf-due" error={errors.dueAt}>
            <input id="tf-due" ref={dueRef} name="dueAt" type="datetime-local" defaultValue={draft.dueAt} aria-describedby="tf-zone" className={inputClass} {...invalid("dueAt")} />
          </Field>
          <Field label={t("form.hardEndAt")} htmlFor="tf-hard-end" error={errors.hardEndAt} hint={t("form.hardEndHint")}>
            <input id="tf-hard-end" ref={endRef} name="hardEndAt" type="datetime-local" defaultValue={draft.hardEndAt} aria-describedby="tf-zone" className={inputClass} {...invalid("hardEndAt")} />
          </Field>
          <Field label={t("form.lateRule")} htmlFor="tf-late-rule" error={errors.lateRule}>
            <select id="tf-late-rule" name="lateRule" defaultValue={draft.lateRule} className={inputClass} {...invalid("lateRule")}>
              <option value="none">{t("form.lateNone")}</option>
              <option value="penalty">{t("form.latePenalty")}</option>
            </select>
          </Field>
          <div className="grid grid-cols-3 gap-2">
            <Field label={t("form.latePenaltyPercent")} htmlFor="tf-late-penalty" error={errors.latePenaltyPercent}>
              <input id="tf-late-penalty" name="latePenaltyPercent" type="number" min={1} max={100} defaultValue={draft.latePenaltyPercent} className={inputClass} {...invalid("latePenaltyPercent")} />
            </Field>
            <Field label={t("form.latePeriod")} htmlFor="tf-late-period" error={errors.latePeriodHours}>
              <select id="tf-late-period" name="latePeriodHours" defaultValue={draft.latePeriodHours} className={inputClass} {...invalid("latePeriodHours")}>
                {LATE_PERIOD_HOURS.map((h) => (
                  <option key={h} value={h}>
                    {t(`form.period${h}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t("form.lateFloorPercent")} htmlFor="tf-late-floor" error={errors.lateFloorPercent}>
              <input id="tf-late-floor" name="lateFloorPercent" type="number" min={0} max={100} defaultValue={draft.lateFloorPercent} className={inputClass} {...invalid("lateFloorPercent")} />
            </Field>
          </div>
        </div>
      </fieldset>
      <Field label={t("form.description")} htmlFor="tf-desc" error={errors.description}>
        <textarea id="tf-desc" name="description" defaultValue={draft.description} rows={8} className={textareaClass} />
      </Field>
      <button type="submit" className={primaryButtonClass}>
        {submitLabel}
      </button>
    </Form>
  );
}
