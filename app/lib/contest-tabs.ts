// The tabs of a contest's page (spec section 2, /contest/{id}): which appear for whom. The pages
// check again on the server; this only decides what the tab bar offers.

export interface ContestTabFlags {
  admin: boolean;
  /** May rejudge its problems (the policy's answer). */
  mayRejudge: boolean;
  openPrint: boolean;
  /** The site's contest comment switch (openContestComment). */
  openComment: boolean;
  /** May run and read code similarity checks (the policy's answer). */
  maySimilarity?: boolean;
}

export interface ContestTab {
  /** Path under /contest/{id} ("" for the overview). */
  path: string;
  label: string;
}

export function contestTabs(f: ContestTabFlags): ContestTab[] {
  const tabs: Array<ContestTab & { shown: boolean }> = [
    { path: "", label: "tabs.overview", shown: true },
    { path: "problems", label: "tabs.problems", shown: true },
    { path: "submissions", label: "tabs.submissions", shown: true },
    { path: "rank", label: "tabs.rank", shown: true },
    { path: "announcements", label: "tabs.announcements", shown: true },
    { path: "comment", label: "tabs.comment", shown: f.openComment },
    { path: "print", label: "tabs.print", shown: f.openPrint },
    { path: "ac-info", label: "tabs.acInfo", shown: f.admin },
    { path: "admin-print", label: "tabs.adminPrint", shown: f.admin && f.openPrint },
    { path: "rejudge", label: "tabs.rejudge", shown: f.mayRejudge },
    { path: "scroll-board", label: "tabs.scrollBoard", shown: f.admin },
    { path: "similarity", label: "tabs.similarity", shown: f.maySimilarity ?? false },
  ];
  return tabs.filter((tab) => tab.shown).map(({ path, label }) => ({ path, label }));
}
