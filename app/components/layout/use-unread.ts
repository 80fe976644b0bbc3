import { useEffect, useState } from "react";
import { POLL } from "~/lib/constants";
import type { UnreadCounts } from "~/lib/messages";
import { apiFetch } from "~/lib/api-fetch";

// Unread message counts: the server renders them; in the browser they are refreshed every 120 s
// while the tab is visible (spec section 4).
export function useUnreadCounts(initial: UnreadCounts | null): UnreadCounts | null {
  const [counts, setCounts] = useState(initial);
  useEffect(() => setCounts(initial), [initial]);
  const signedIn = initial !== null;
  useEffect(() => {
    if (!signedIn) return;
    let stopped = false;
    const timer = window.setInterval(async () => {
      if (document.hidden) return;
      try {
        const res = await apiFetch("/ojapi/msg/unread");
        if (!res.ok) {
          // Signed out elsewhere or the server is unwell: stop asking (spec: failed polling stops).
          window.clearInterval(timer);
          return;
        }
        const body = (await res.json()) as { status: number; data: UnreadCounts | null };
        if (!stopped && body.status === 200 && body.data) setCounts(body.data);
      } catch {
        window.clearInterval(timer);
      }
    }, POLL.unreadMs);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [signedIn]);
  return counts;
}
