import { DomainError, type RefusalKind } from "../errors.server";

// Errors of the problem administration that are not schema errors (a display id already taken,
// an upload that expired, a checker that did not compile). They are DomainErrors, so the /ojapi
// wrapper answers them with a translated msg; forms show them next to `field`.

export class ProblemAdminError extends DomainError {
  constructor(
    /** A key of the admin-problem namespace ("displayIdTaken") or a full key ("ns:key"). */
    key: string,
    public readonly field?: string,
    /** Text shown with the message (a compiler's output), never translated. */
    public readonly detail?: string,
    kind: RefusalKind = "invalid",
    /** Values for the message's placeholders. */
    params?: Record<string, string | number>,
  ) {
    super(kind, key.includes(":") ? key : `admin-problem:errors.${key}`, params);
  }
}
