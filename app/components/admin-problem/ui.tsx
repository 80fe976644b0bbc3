import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { Form, useSearchParams } from "@remix-run/react";
import { useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "remix-utils/use-hydrated";

// Small pieces of the problem administration pages: labelled fields with their error, sections,
// buttons, and a submit button that asks for confirmation (a dialog with JavaScript; without it
// the server answers with a confirmation step).

export const inputClass = "w-full rounded border border-gray-300 bg-white px-2 py-1 text-sm focus:border-brand focus:outline-none";
/** The input look with a fixed width instead of the full width. */
export function sized(width: string): string {
  return inputClass.replace("w-full", width);
}
export const textareaClass = `${inputClass} font-mono`;
export const buttonClass = "inline-flex items-center rounded border border-gray-300 bg-white px-3 py-1 text-sm hover:border-brand hover:text-brand";
export const primaryButtonClass = "inline-flex items-center rounded bg-brand px-4 py-1.5 text-sm font-medium text-white hover:bg-brand-dark";
export const dangerButtonClass = "inline-flex items-center rounded border border-red-300 bg-white px-3 py-1 text-sm text-red-600 hover:bg-red-50";

export function FieldError({ message, id }: { message?: string; id?: string }) {
  if (!message) return null;
  return (
    <p className="mt-1 text-xs text-red-600" id={id} role="alert" data-field-error>
      {message}
    </p>
  );
}

export function Field({ label, htmlFor, error, hint, children, className = "" }: { label: ReactNode; htmlFor?: string; error?: string; hint?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-gray-600">{hint}</p> : null}
      <FieldError message={error} />
    </div>
  );
}

export function Section({ title, children, id }: { title: ReactNode; children: ReactNode; id?: string }) {
  return (
    <section className="rounded border border-gray-200 bg-white p-4 shadow-sm" id={id}>
      <h2 className="mb-3 border-b border-gray-100 pb-2 text-base font-semibold text-gray-800">{title}</h2>
      <div className="space-y-3">{children}</div>
    </section>
  );
}

export function Checkbox({ name, label, defaultChecked, value }: { name: string; label: ReactNode; defaultChecked?: boolean; value?: string }) {
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} value={value ?? "on"} defaultChecked={defaultChecked} className="h-4 w-4" />
      <span>{label}</span>
    </label>
  );
}

/**
 * A submit button that asks first. With JavaScript a dialog confirms and the form is sent with
 * `confirmed=1`; without it the form is sent as is and the server asks on its own page.
 */
export function ConfirmSubmit({
  name,
  value,
  message,
  children,
  className = dangerButtonClass,
}: {
  name: string;
  value: string;
  message: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation("admin-problem");
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  return (
    <>
      <button
        ref={ref}
        type="submit"
        name={name}
        value={value}
        className={className}
        onClick={(e) => {
          if (!hydrated) return;
          e.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
        <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="w-full max-w-sm rounded bg-white p-5 shadow-lg">
            <DialogTitle className="mb-2 text-base font-semibold">{t("confirm.title")}</DialogTitle>
            <p className="mb-4 text-sm text-gray-700">{message}</p>
            <div className="flex justify-end gap-2">
              <button type="button" className={buttonClass} onClick={() => setOpen(false)}>
                {t("confirm.cancel")}
              </button>
              <button
                type="button"
                className={dangerButtonClass}
                data-confirm-ok
                onClick={() => {
                  setOpen(false);
                  const form = ref.current?.form;
                  if (!form) return;
                  const flag = document.createElement("input");
                  flag.type = "hidden";
                  flag.name = "confirmed";
                  flag.value = "1";
                  form.appendChild(flag);
                  form.requestSubmit(ref.current);
                  flag.remove();
                }}
              >
                {t("confirm.ok")}
              </button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}

export function Notice({ kind, children }: { kind: "error" | "success" | "info" | "warning"; children: ReactNode }) {
  const colors = {
    error: "border-red-300 bg-red-50 text-red-800",
    success: "border-green-300 bg-green-50 text-green-800",
    info: "border-blue-300 bg-blue-50 text-blue-800",
    warning: "border-yellow-300 bg-yellow-50 text-yellow-800",
  }[kind];
  return (
    <div className={`rounded border px-3 py-2 text-sm ${colors}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}

/** The keyword search of the admin problem lists (a GET form: the list's address keeps it). */
export function ProblemSearch({ keyword }: { keyword: string }) {
  const { t } = useTranslation("admin-problem");
  return (
    <Form method="get" className="flex flex-wrap items-center gap-2" role="search">
      <input name="keyword" defaultValue={keyword} placeholder={t("list.searchPlaceholder")} className={sized("w-72")} aria-label={t("list.searchPlaceholder")} />
      <button type="submit" className={buttonClass}>
        {t("list.search")}
      </button>
    </Form>
  );
}

/** The address of another page of the current list, its other parameters kept. */
export function usePageHref(): (page: number) => string {
  const [params] = useSearchParams();
  return (page) => {
    const q = new URLSearchParams(params);
    q.set("page", String(page));
    return `?${q.toString()}`;
  };
}
