// The modes of the login modal; each also opens from the URL (`?login=1`, `?register=1`,
// `?reset=1`). A module of its own, apart from account.ts, because the layout needs only this: a
// module the layout shared with the modal's forms would be one more file on every page.

export const AUTH_MODES = ["login", "register", "reset"] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/** The mode of the login modal the URL asks for (`?login=1`…), if any. */
export function authModeFromSearch(search: string): AuthMode | null {
  const params = new URLSearchParams(search);
  for (const m of AUTH_MODES) if (params.get(m) === "1") return m;
  return null;
}
