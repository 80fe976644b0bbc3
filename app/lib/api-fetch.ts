import { withBase } from "./base-path";

// The page's scripts call the /ojapi JSON API as HOJ's client does: with a token in the
// Authorization header. The session cookie authenticates no /ojapi call (another site can make a
// browser send a cookie, never a header), so the layout writes a token of the page's own session
// into a meta tag (root loader, signed-in pages only) and every call reads the current one there.
export const API_TOKEN_META = "oj-api-token";

/** fetch() of an /ojapi path (without the base path), signed with the page's token when there is one. */
export function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = document.querySelector<HTMLMetaElement>(`meta[name="${API_TOKEN_META}"]`)?.content;
  if (token) headers.set("Authorization", token);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  return fetch(withBase(path), { ...init, headers });
}
