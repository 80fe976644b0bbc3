import { useCallback } from "react";
import { apiFetch } from "~/lib/api-fetch";

// Asks the server whether a username or an e-mail is taken (checked on blur, spec section 5).
// A failed request answers null: the form then relies on the check made when it is submitted.

export type Taken = { username: boolean; email: boolean };

export function useTakenCheck() {
  return useCallback(async (input: { username?: string; email?: string }): Promise<Taken | null> => {
    try {
      const res = await apiFetch("/ojapi/check-username-or-email", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(input),
      });
      if (!res.ok) return null;
      const body = (await res.json()) as { data?: Taken };
      return body.data ?? null;
    } catch {
      return null;
    }
  }, []);
}
