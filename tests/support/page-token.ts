import { pageApiToken } from "~/services/account/api-token.server";

// The site's pages call /ojapi with a token of their own session (the cookie authenticates no
// /ojapi call; see app/lib/api-fetch.ts). Tests that sign a request in with a session cookie send
// an /ojapi call the same way: the cookie, and the token the page would have been given.

/** `request` with the token of its cookie's session added when it is an /ojapi call. */
export async function asPageCall(request: Request): Promise<Request> {
  if (!new URL(request.url).pathname.startsWith("/ojapi/") || request.headers.has("Authorization")) return request;
  const token = await pageApiToken(request);
  if (!token) return request;
  const headers = new Headers(request.headers);
  headers.set("Authorization", token);
  return new Request(request, { headers });
}
