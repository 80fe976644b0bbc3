import type { RefusalKind } from "~/services/errors.server";

// The one place where a domain refusal becomes an HTTP status.

const STATUS: Record<RefusalKind, 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 502 | 503 | 504> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  failed: 500,
  unavailable: 503,
  badGateway: 502,
  gatewayTimeout: 504,
};

export type HttpRefusalStatus = (typeof STATUS)[RefusalKind];

export function httpStatusOf(kind: RefusalKind): HttpRefusalStatus {
  return STATUS[kind];
}
