/** Why a remote step failed; every kind ends the submission as Submitted Failed with the message. */
export type RemoteErrorKind = "login" | "captcha" | "rate-limit" | "timeout" | "unavailable" | "rejected" | "not-found" | "language";

export class RemoteError extends Error {
  constructor(
    readonly kind: RemoteErrorKind,
    message: string,
  ) {
    super(message);
  }
}
