import type { TFunction } from "i18next";
import { z, type ZodError, type ZodTypeAny } from "zod";
import { pageFrom } from "~/lib/format";

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

// Fields of list queries (GET filters): lenient, so an edited link still shows a list.

/** Text of a filter, trimmed and cut to `max` characters; "" when absent. */
export function queryText(max: number) {
  return z.preprocess((v) => (typeof v === "string" ? v.trim().slice(0, max) : ""), z.string());
}

/** A page number: 1 when absent or not a number, never below 1 (spec section 5). */
export const queryPage = z.preprocess((v) => pageFrom(typeof v === "string" ? v : v == null ? undefined : String(v)), z.number().int());

/** A page size: `fallback` unless a whole number from 1 to `max`. */
export function queryLimit(fallback: number, max = 100) {
  return z.preprocess((v) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
  }, z.number().int());
}
