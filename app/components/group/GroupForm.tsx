import { Form } from "@remix-run/react";
import { GROUP_LIMITS } from "~/lib/group";
import { useTranslation } from "~/lib/translation";

// The group form (create and settings): name, short name, brief, description, auth, invitation
// code and visibility, with the server's field errors beside each field.

export interface GroupFormValues {
  name: string;
  shortName: string;
  brief: string;
  description: string;
  auth: number;
  code: string;
  visible: boolean;
}

const L = GROUP_LIMITS;

export function GroupForm({ values, errors, intent, submitLabel, testId }: { values: GroupFormValues; errors?: Record<string, string>; intent: string; submitLabel: string; testId: string }) {
  const { t } = useTranslation("group");
  const err = (k: string) =>
    errors?.[k] ? (
      <span id={`${testId}-${k}-error`} role="alert" className="text-xs text-red-700">
        {errors[k]}
      </span>
    ) : null;
  const describedBy = (k: string) => (errors?.[k] ? `${testId}-${k}-error` : undefined);
  const input = "mt-1 w-full rounded border px-2 py-1 text-sm text-gray-800";
  return (
    <Form method="post" className="grid gap-3 sm:grid-cols-2" data-testid={testId}>
      <input type="hidden" name="intent" value={intent} />
      <label className="flex flex-col text-sm text-gray-800">
        {t("form.name")}
        <input name="name" defaultValue={values.name} maxLength={L.nameMax} required className={input} aria-invalid={errors?.name ? true : undefined} aria-describedby={describedBy("name")} />
        {err("name")}
      </label>
      <label className="flex flex-col text-sm text-gray-800">
        {t("form.shortName")}
        <input name="shortName" defaultValue={values.shortName} maxLength={L.shortNameMax} required className={input} aria-invalid={errors?.shortName ? true : undefined} aria-describedby={describedBy("shortName")} />
        {err("shortName")}
      </label>
      <label className="flex flex-col text-sm text-gray-800 sm:col-span-2">
        {t("form.brief")}
        <input name="brief" defaultValue={values.brief} maxLength={L.briefMax} required className={input} aria-invalid={errors?.brief ? true : undefined} aria-describedby={describedBy("brief")} />
        {err("brief")}
      </label>
      <label className="flex flex-col text-sm text-gray-800 sm:col-span-2">
        {t("form.description")}
        <textarea name="description" defaultValue={values.description} maxLength={L.descriptionMax} rows={4} required className={input} aria-invalid={errors?.description ? true : undefined} aria-describedby={describedBy("description")} />
        {err("description")}
      </label>
      <label className="flex flex-col text-sm text-gray-800">
        {t("form.auth")}
        <select name="auth" defaultValue={String(values.auth)} className={input}>
          {[1, 2, 3].map((a) => (
            <option key={a} value={a}>
              {t(`auth.${a}`)}
            </option>
          ))}
        </select>
        {err("auth")}
      </label>
      <label className="flex flex-col text-sm text-gray-800">
        {t("form.code")}
        <input name="code" defaultValue={values.code} maxLength={L.codeLength} className={input} aria-invalid={errors?.code ? true : undefined} aria-describedby={describedBy("code")} autoComplete="off" />
        <span className="text-xs text-gray-700">{t("form.codeHint")}</span>
        {err("code")}
      </label>
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <input type="checkbox" name="visible" value="true" defaultChecked={values.visible} />
        {t("form.visible")}
      </label>
      <div className="sm:col-span-2">
        <button type="submit" className="rounded bg-blue-700 px-4 py-1.5 text-sm text-white">
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
