import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "~/lib/translation";
import { TOAST_MS, type FlashMessage } from "~/lib/flash";

// Toasts: one message at a time, top centre, closing after 4000 ms (spec section 8). Server flash
// messages arrive through the root loader; client code calls `toast.success(...)` and friends.
// Without JavaScript the server-rendered message stays visible as a banner.

type Toast = FlashMessage & { id: number; text?: string };

let queue: Toast[] = [];
let seq = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function push(t: Omit<Toast, "id">) {
  queue = [...queue, { ...t, id: ++seq }];
  emit();
}

/** Show a toast with a translation key (or literal text with `text`). */
export const toast = {
  success: (key: string, params?: FlashMessage["params"]) => push({ type: "success", key, params }),
  error: (key: string, params?: FlashMessage["params"]) => push({ type: "error", key, params }),
  warning: (key: string, params?: FlashMessage["params"]) => push({ type: "warning", key, params }),
  info: (key: string, params?: FlashMessage["params"]) => push({ type: "info", key, params }),
  /** A message already in the user's language (server msg of an API answer). */
  text: (type: FlashMessage["type"], text: string) => push({ type, key: "", text }),
};

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

const COLORS: Record<FlashMessage["type"], string> = {
  success: "border-green-300 bg-green-50 text-green-800",
  error: "border-red-300 bg-red-50 text-red-800",
  warning: "border-yellow-300 bg-yellow-50 text-yellow-800",
  info: "border-blue-300 bg-blue-50 text-blue-800",
};

/** The namespace of a key given as "ns:key" (a key of common otherwise). */
function namespaceOf(m: Toast): string | null {
  const i = m.text === undefined ? m.key.indexOf(":") : -1;
  return i > 0 ? m.key.slice(0, i) : null;
}

export function ToastRegion({ initial }: { initial: FlashMessage[] }) {
  const [hydrated, setHydrated] = useState(false);
  const items = useSyncExternalStore(
    subscribe,
    () => queue,
    () => queue,
  );
  const current = items[0];
  // A message from a namespace this page has not loaded (a flash after logging out, say) waits
  // for it, rather than showing its key.
  const currentNs = current ? namespaceOf(current) : null;
  const { t, ready } = useTranslation(currentNs ? ["common", currentNs] : "common");

  // Server messages join the queue once in the browser.
  useEffect(() => {
    setHydrated(true);
    for (const m of initial) push(m);
  }, [initial]);

  useEffect(() => {
    if (!current || !ready) return;
    const timer = window.setTimeout(() => {
      queue = queue.slice(1);
      emit();
    }, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [current, ready]);

  const shown: Toast[] = hydrated ? (current && ready ? [current] : []) : initial.map((m, i) => ({ ...m, id: -i - 1 }));
  if (shown.length === 0) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-[100] flex flex-col items-center gap-2" role="status" aria-live="polite">
      {shown.map((m) => (
        <div key={m.id} className={`pointer-events-auto rounded border px-4 py-2 text-sm shadow ${COLORS[m.type]}`} data-toast={m.type}>
          {m.text ?? t(m.key, m.params)}
        </div>
      ))}
    </div>
  );
}
