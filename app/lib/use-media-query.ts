import { useSyncExternalStore } from "react";

// Whether a media query matches; false on the server and during hydration.
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The drawer breakpoint of the specification (992px, tailwind `md`). */
export const WIDE_SCREEN = "(min-width: 992px)";
