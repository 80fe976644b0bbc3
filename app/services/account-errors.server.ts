import type { TFunction } from "i18next";
import type { FormErrors } from "~/lib/account";

// A refusal from an account service: translation keys (and their parameters) per field, so a page
// shows them beside the inputs and the /ojapi adapter sends the first one as `msg`.

export interface AccountErrorInit {
  /** HTTP status for the API (and the page action). */
  status?: number;
  /** The field the message belongs to; "_form" for the form as a whole. */
  field?: string;
  params?: Record<string, string | number>;
  /** More field messages (several fields wrong at once). */
  fields?: Record<string, string>;
  /** Extra data the page or the API client needs (a new slide puzzle, for instance). */
  data?: Record<string, unknown>;
}

export class AccountError extends Error {
  readonly status: number;
  readonly field: string;
  readonly params: Record<string, string | number>;
  readonly fields: Record<string, string>;
  readonly data: Record<string, unknown>;

  constructor(
    public readonly key: string,
    init: AccountErrorInit = {},
  ) {
    super(key);
    this.status = init.status ?? 400;
    this.field = init.field ?? "_form";
    this.params = init.params ?? {};
    this.fields = { [this.field]: key, ...(init.fields ?? {}) };
    this.data = init.data ?? {};
  }

  /** Translated messages per field. */
  translate(t: TFunction): FormErrors {
    const out: FormErrors = {};
    for (const [field, key] of Object.entries(this.fields)) out[field] = t(key, this.params);
    return out;
  }

  /** The main message, translated. */
  translatedMessage(t: TFunction): string {
    return t(this.key, this.params);
  }
}

/** Throws a field error. */
export function fail(key: string, init?: AccountErrorInit): never {
  throw new AccountError(key, init);
}
