import { ApiError, type ApiStatus } from "./api.server";

// Errors of the problem administration that are not schema errors (a display id already taken,
// an upload that expired, a checker that did not compile). They are ApiErrors, so the /ojapi
// wrapper answers them with a translated msg; forms show them next to `field`.

export class ProblemAdminError extends ApiError {
  constructor(
    /** A key of the admin-problem namespace ("displayIdTaken") or a full key ("ns:key"). */
    key: string,
    public readonly field?: string,
    /** Text shown with the message (a compiler's output), never translated. */
    public readonly detail?: string,
    status: ApiStatus = 400,
    /** Values for the message's placeholders. */
    public readonly params?: Record<string, string | number>,
  ) {
    super(status, key.includes(":") ? key : `admin-problem:errors.${key}`);
  }
}
