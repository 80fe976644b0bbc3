import type { MetaDescriptor } from "@remix-run/node";

// Page titles: "<page> - <site name>", the site name coming from the root loader's configuration.
type MatchLike = { id: string; data?: unknown };

export function siteName(matches: readonly MatchLike[]): string {
  const root = matches.find((m) => m.id === "root")?.data as { config?: { projectName?: string } } | undefined;
  return root?.config?.projectName ?? "";
}

export function pageTitle(matches: readonly MatchLike[], title: string | undefined): MetaDescriptor[] {
  const site = siteName(matches);
  if (!title) return [{ title: site }];
  return [{ title: site ? `${title} - ${site}` : title }];
}
