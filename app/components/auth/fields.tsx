import type { Form, FetcherWithComponents } from "@remix-run/react";
import { useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { useTranslation } from "~/lib/translation";
import type { AuthActionData } from "~/lib/account";

// Form building blocks of the account screens: one look for the login modal and the pages.

/**
 * How an account form is submitted: the page's <Form> with its action data, or a fetcher's Form
 * (the modal) with the fetcher's data. Both render a real <form>, so either works without JS.
 */
export interface FormKit {
  Form: typeof Form | FetcherWithComponents<AuthActionData>["Form"];
  data: AuthActionData | undefined;
  busy: boolean;
}

export const inputClass =
  "block w-full rounded border border-gray-300 bg-white px-3 py-2 text-sm text-gray-800 placeholder:text-gray-600 focus:border-brand focus:outline-none focus:ring-1 focus:ring-brand aria-[invalid=true]:border-red-400";

export const primaryButton =
  "inline-flex w-full items-center justify-center rounded bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-light disabled:cursor-not-allowed disabled:opacity-60";

export const secondaryButton =
  "inline-flex shrink-0 items-center justify-center whitespace-nowrap rounded border border-gray-300 bg-white px-3 py-2 text-sm text-gray-700 hover:border-brand hover:text-brand focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-light disabled:cursor-not-allowed disabled:opacity-60";

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "name"> & {
  name: string;
  label: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Rendered right of the input (a send-code button, a captcha image). */
  addon?: ReactNode;
  hint?: ReactNode;
};

export function Field({ name, label, error, inputRef, addon, hint, id, className, ...input }: FieldProps) {
  const inputId = id ?? `f-${name}`;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm text-gray-600">
        {label}
      </label>
      <div className="flex items-stretch gap-2">
        <input
          id={inputId}
          name={name}
          ref={inputRef}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {addon}
      </div>
      {hint}
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-600" data-error-for={name}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormAlert({ children, tone = "error" }: { children: ReactNode; tone?: "error" | "warning" | "success" | "info" }) {
  const colors = {
    error: "border-red-200 bg-red-50 text-red-700",
    warning: "border-yellow-200 bg-yellow-50 text-yellow-800",
    success: "border-green-200 bg-green-50 text-green-700",
    info: "border-blue-200 bg-blue-50 text-blue-700",
  }[tone];
  return (
    <p role={tone === "error" || tone === "warning" ? "alert" : "status"} className={`rounded border px-3 py-2 text-sm ${colors}`} data-alert={tone}>
      {children}
    </p>
  );
}

/** The field errors of an answer, when it is a refusal. */
export function errorsOf(data: AuthActionData | undefined): Record<string, string> {
  return data && !data.ok ? (data.errors ?? {}) : {};
}

/**
 * Live check that the confirmation matches the password (spec: changing the password revalidates
 * the confirmation). The server checks again on submit.
 */
export function usePasswordMatch() {
  const { t } = useTranslation("auth");
  const [pair, setPair] = useState({ first: "", second: "" });
  const error = pair.second && pair.first !== pair.second ? t("validation.passwordMismatch") : undefined;
  return {
    error,
    first: {
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        const first = e.currentTarget.value;
        setPair((p) => ({ ...p, first }));
      },
    },
    second: {
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        const second = e.currentTarget.value;
        setPair((p) => ({ ...p, second }));
      },
    },
  };
}
