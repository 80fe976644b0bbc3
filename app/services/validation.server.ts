import type { TFunction } from "i18next";
import type { ZodError, ZodTypeAny, z } from "zod";

// One zod schema per input, shared by the Remix action and the /ojapi adapter. Schema messages are
// translation keys; this turns a failed parse into translated field errors for a form.

export type FieldErrors = Record<string, string>;

export function fieldErrors(t: TFunction, error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_form";
    if (!out[key]) out[key] = t(issue.message);
  }
  return out;
}

export type Validated<S extends ZodTypeAny> = { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors };

export function validate<S extends ZodTypeAny>(t: TFunction, schema: S, input: unknown): Validated<S> {
  const res = schema.safeParse(input);
  if (res.success) return { ok: true, data: res.data as z.infer<S> };
  return { ok: false, errors: fieldErrors(t, res.error) };
}

/** Form fields as a plain object; repeated names become arrays. */
export function formObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of form.entries()) {
    if (k in out) {
      const prev = out[k];
      out[k] = Array.isArray(prev) ? [...prev, v] : [prev, v];
    } else {
      out[k] = v;
    }
  }
  return out;
}
