import { useMatches } from "@remix-run/react";

// What a route can tell the site frame through its `handle` export. The root layout reads these
// from every matched route, so a layout route's flag also covers its children.
export interface RouteHandle {
  /** Translation namespaces the route's strings come from (remix-i18next). */
  i18n?: string | string[];
  /** Problem pages and full-screen (focus) views: no footer. */
  hideFooter?: boolean;
  /** Admin paths: no site header or footer (the admin layout brings its own shell). */
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

/** The translation namespaces a route's handle names. */
export function handleNamespaces(handle: unknown): string[] {
  const wanted = (handle as RouteHandle | undefined)?.i18n;
  return typeof wanted === "string" ? [wanted] : (wanted ?? []);
}

/**
 * The namespaces of the matched routes. The server embeds those of the first page; the layout asks
 * for them after each client-side navigation, so a new page's are fetched even when its components
 * only use them through another namespace's t ("judge:status.0").
 */
export function useRouteNamespaces(): string[] {
  const matches = useMatches();
  return [...new Set(matches.flatMap((m) => handleNamespaces(m.handle)))];
}
