// A one-time message shown as a toast (spec: top centre, one at a time, 4000 ms).
export interface FlashMessage {
  type: "success" | "error" | "warning" | "info";
  /** Translation key, e.g. "auth:passwordReset" (namespace:key) or a key of common. */
  key: string;
  params?: Record<string, string | number>;
}

export const TOAST_MS = 4000;
