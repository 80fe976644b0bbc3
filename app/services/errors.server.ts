// Refusals of the domain. A service throws a DomainError naming what kind of refusal it is and the
// translation key of its message; only the edge (app/http) turns the kind into an HTTP status, a
// page's field error or HOJ's JSON envelope.

export type RefusalKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "notFound"
  | "conflict"
  | "tooLarge"
  | "tooMany"
  | "failed"
  | "unavailable"
  /** A service this site calls (the AI endpoint) failed or answered something unusable. */
  | "badGateway"
  /** A service this site calls did not answer in time. */
  | "gatewayTimeout";

export class DomainError extends Error {
  constructor(
    public readonly kind: RefusalKind,
    /** A translation key ("ns:key", or a key of the handler's namespaces). */
    message: string,
    /** Values for the message's placeholders. */
    public readonly params?: Record<string, string | number>,
  ) {
    super(message);
  }
}
