// The admin shell's navigation (spec "Admin area"). `superAdmin` entries are shown to super admins
// only; the pages themselves check the role again. Labels are keys of admin.json.

export interface AdminNavEntry {
  to: string;
  label: string;
  superAdmin?: boolean;
}

export interface AdminNavGroup {
  label: string;
  entries: AdminNavEntry[];
}

export const ADMIN_NAV: readonly AdminNavGroup[] = [
  { label: "nav.general", entries: [{ to: "/admin/dashboard", label: "nav.dashboard" }] },
  {
    label: "nav.system",
    entries: [
      { to: "/admin/user", label: "nav.users", superAdmin: true },
      { to: "/admin/conf", label: "nav.conf", superAdmin: true },
      { to: "/admin/home-carousel", label: "nav.carousel", superAdmin: true },
      { to: "/admin/switch", label: "nav.switch", superAdmin: true },
      { to: "/admin/remote-account", label: "nav.remoteAccounts", superAdmin: true },
      { to: "/admin/ai", label: "nav.ai", superAdmin: true },
    ],
  },
  {
    label: "nav.problem",
    entries: [
      { to: "/admin/problems", label: "nav.problems" },
      { to: "/admin/problem/create", label: "nav.createProblem" },
      { to: "/admin/problem/tag", label: "nav.tags" },
      { to: "/admin/problem/batch-operation", label: "nav.batchOperation" },
      { to: "/admin/group-problem/apply", label: "nav.groupProblemApply" },
    ],
  },
  {
    label: "nav.training",
    entries: [
      { to: "/admin/training", label: "nav.trainings" },
      { to: "/admin/training/create", label: "nav.createTraining" },
      { to: "/admin/training/category", label: "nav.trainingCategories" },
    ],
  },
  {
    label: "nav.contest",
    entries: [
      { to: "/admin/contest", label: "nav.contests" },
      { to: "/admin/contest/create", label: "nav.createContest" },
    ],
  },
  {
    label: "nav.community",
    entries: [
      { to: "/admin/discussion", label: "nav.discussions" },
      { to: "/admin/discussion-report", label: "nav.reports" },
      { to: "/admin/announcement", label: "nav.announcements", superAdmin: true },
      { to: "/admin/notice", label: "nav.notices", superAdmin: true },
      { to: "/admin/group", label: "nav.groups", superAdmin: true },
    ],
  },
];

export function adminNavFor(isSuperAdmin: boolean): AdminNavGroup[] {
  return ADMIN_NAV.map((g) => ({ ...g, entries: g.entries.filter((e) => !e.superAdmin || isSuperAdmin) })).filter(
    (g) => g.entries.length > 0,
  );
}
