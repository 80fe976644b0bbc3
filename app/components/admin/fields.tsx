import type { ReactNode } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { SWITCH_KEYS } from "~/lib/site-config";
import { useTranslation } from "~/lib/translation";
import { AdminCard } from "./AdminShell";

// Form rows of the admin pages: a label, the control, a hint and the field's error.

export function TextField({
  name,
  label,
  defaultValue,
  error,
  hint,
  maxLength,
  multiline,
  type = "text",
  min,
  max,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  hint?: string;
  maxLength?: number;
  multiline?: boolean;
  type?: "text" | "url" | "number" | "password";
  /** Bounds of a number field. */
  min?: number;
  max?: number;
}) {
  const id = `field-${name}`;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const cls = `w-full rounded border px-3 py-2 text-sm focus:outline-none ${error ? "border-red-400 focus:border-red-500" : "border-gray-300 focus:border-brand"}`;
  return (
    <div className="grid gap-1 md:grid-cols-[12rem_1fr] md:items-start md:gap-4">
      <label htmlFor={id} className="pt-2 text-sm font-medium text-gray-700">
        {label}
      </label>
      <div>
        {multiline ? (
          <textarea id={id} name={name} defaultValue={defaultValue} rows={3} maxLength={maxLength} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={cls} />
        ) : (
          <input id={id} name={name} type={type} autoComplete={type === "password" ? "new-password" : undefined} defaultValue={defaultValue} maxLength={maxLength} min={min} max={max} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={cls} />
        )}
        {hint ? (
          <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-600" data-field-error={name}>
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A checkbox drawn as a switch (a real checkbox underneath: works without JavaScript). */
export function SwitchField({ name, label, hint, defaultChecked, error }: { name: string; label: string; hint?: ReactNode; defaultChecked: boolean; error?: string }) {
  const id = `field-${name}`;
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-gray-700">
          {label}
        </label>
        {hint ? <p className="mt-0.5 text-xs text-gray-600">{hint}</p> : null}
        {error ? (
          <p className="mt-1 text-sm text-red-600" data-field-error={name}>
            {error}
          </p>
        ) : null}
      </div>
      <span className="relative inline-flex shrink-0 items-center">
        <input id={id} name={name} type="checkbox" defaultChecked={defaultChecked} className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-gray-300 transition-colors checked:bg-brand focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-light" />
        <span className="pointer-events-none absolute left-0.5 top-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5" aria-hidden="true" />
      </span>
    </div>
  );
}

export function FormErrorSummary({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div role="alert" className="mb-4 rounded border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-800">
      {message}
    </div>
  );
}

export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <button type="submit" disabled={busy} className="rounded bg-brand px-5 py-2 text-sm text-white hover:bg-brand-dark disabled:opacity-60">
      {busy ? busyLabel : label}
    </button>
  );
}

/** The site's settings pages (/admin/conf, /admin/switch): the card, the errors' summary, the form and Save. */
export function SettingsForm({ title, message, className, children }: { title: string; message?: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation("admin");
  const busy = useNavigation().state === "submitting";
  return (
    <AdminCard title={title}>
      <FormErrorSummary message={message} />
      <Form method="post" className={className} noValidate>
        {children}
        <div className="border-t pt-4">
          <SubmitButton busy={busy} label={t("save")} busyLabel={t("saving")} />
        </div>
      </Form>
    </AdminCard>
  );
}

/** The site's feature switches, on both settings pages. */
export function SwitchFields({ values, errors }: { values: Record<string, unknown>; errors: Record<string, string> }) {
  const { t } = useTranslation("admin");
  return (
    <>
      {SWITCH_KEYS.map((name) => (
        <SwitchField key={name} name={name} label={t(`switch.fields.${name}`)} hint={t(`switch.hints.${name}`)} defaultChecked={values[name] === true} error={errors[name]} />
      ))}
    </>
  );
}
