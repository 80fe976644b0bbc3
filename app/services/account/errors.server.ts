import type { TFunction } from "i18next";
import type { FormErrors } from "~/lib/account";
import { DomainError, type RefusalKind } from "../errors.server";

// A refusal from an account service: translation keys (and their parameters) per field, so a page
// shows them beside the inputs and the /ojapi adapter sends the first one as `msg`.

export interface AccountErrorInit {
  /** What kind of refusal it is (the edge answers it with the matching HTTP status). */
  kind?: RefusalKind;
  /** The field the message belongs to; "_form" for the form as a whole. */
  field?: string;
  params?: Record<string, string | number>;
  /** More field messages (several fields wrong at once). */
  fields?: Record<string, string>;
  /** Extra data the page or the API client needs (a new slide puzzle, for instance). */
  data?: Record<string, unknown>;
}

export class AccountError extends DomainError {
  readonly field: string;
  declare readonly params: Record<string, string | number>;
  readonly fields: Record<string, string>;
  readonly data: Record<string, unknown>;

  constructor(
    public readonly key: string,
    init: AccountErrorInit = {},
  ) {
    super(init.kind ?? "invalid", key, init.params ?? {});
    this.field = init.field ?? "_form";
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
