import { useMatches } from "@remix-run/react";

// What a route can tell the site frame through its `handle` export. The root layout reads these
// from every matched route, so a layout route's flag also covers its children.
export interface RouteHandle {
  /** Translation namespaces the route's strings come from (remix-i18next). */
  i18n?: string | string[];
  /** Problem pages and full-screen (focus) views: no footer. */
  hideFooter?: boolean;
  /** Admin paths: only the admin shell, no site header or footer. */
  adminShell?: boolean;
}

export interface FrameFlags {
  hideFooter: boolean;
  adminShell: boolean;
}

export function useFrameFlags(): FrameFlags {
  const matches = useMatches();
  let hideFooter = false;
  let adminShell = false;
  for (const m of matches) {
    const h = m.handle as RouteHandle | undefined;
    if (h?.hideFooter) hideFooter = true;
    if (h?.adminShell) adminShell = true;
  }
  return { hideFooter, adminShell };
}
