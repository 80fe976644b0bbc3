// Menu entries of the site header (spec section 2, "Header and menus"). Paths are site paths
// (Remix adds the base path); `label` is a key of common.json.

export interface NavEntry {
  to: string;
  label: string;
}

export const MAIN_MENU: readonly NavEntry[] = [
  { to: "/home", label: "nav.home" },
  { to: "/problem", label: "nav.problem" },
  { to: "/training", label: "nav.training" },
  { to: "/contest", label: "nav.contest" },
  { to: "/acm-rank", label: "nav.rank" },
  { to: "/discussion", label: "nav.discussion" },
  { to: "/group", label: "nav.group" },
];

/** Only in the drawer (narrow screens). */
export const DRAWER_EXTRA: readonly NavEntry[] = [
  { to: "/oi-rank", label: "nav.oiRank" },
  { to: "/introduction", label: "nav.introduction" },
  { to: "/developer", label: "nav.developer" },
];

/** The "Power" submenu: external pages, opened in a new tab. */
export interface ExternalLink {
  href: string;
  label: string;
}

export const POWER_LINKS: readonly ExternalLink[] = [
  { href: "https://visualgo.net/", label: "power.algorithmGuide" },
  { href: "https://clist.by/", label: "power.rankSite" },
  { href: "https://oi-wiki.org/", label: "power.wiki" },
  { href: "https://chat.deepseek.com/", label: "power.ai" },
];

export const USER_MENU: readonly NavEntry[] = [
  { to: "/user-home", label: "user.home" },
  { to: "/status?onlyMine=true", label: "user.submissions" },
  { to: "/setting", label: "user.setting" },
];

export const ADMIN_ENTRY: NavEntry = { to: "/admin", label: "user.admin" };

/** A link of the website configuration: a site path (starts with "/") or an http(s) address. */
export function isSitePath(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//");
}
