import { useSyncExternalStore } from "react";

// Whether the page has been hydrated: false on the server and while hydrating, true after. The
// same as remix-utils' useHydrated; the layout keeps its own so that its chunk does not share a
// module with the pages and the login modal, which would be a file of its own on every page.
const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
