import { Form } from "@remix-run/react";
import { Field, inputClass, primaryButtonClass, textareaClass } from "~/components/admin-problem/ui";
import { TRAINING_RANK_MAX } from "~/lib/training";
import { useTranslation } from "~/lib/translation";

// The training form of the admin area (spec section 5): number, title, description, category,
// auth with its password, shown. Posted to the page's own action; errors come back per field.

export interface TrainingDraft {
  title: string;
  rank: string;
  description: string;
  auth: string;
  privatePwd: string;
  categoryId: string;
  status: boolean;
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
      <Field label={t("form.description")} htmlFor="tf-desc" error={errors.description}>
        <textarea id="tf-desc" name="description" defaultValue={draft.description} rows={8} className={textareaClass} />
      </Field>
      <button type="submit" className={primaryButtonClass}>
        {submitLabel}
      </button>
    </Form>
  );
}
