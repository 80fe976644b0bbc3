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
      { to: "/admin/conf", label: "nav.conf", superAdmin: true },
      { to: "/admin/switch", label: "nav.switch", superAdmin: true },
    ],
  },
  {
    label: "nav.problem",
    entries: [
      { to: "/admin/problems", label: "nav.problems" },
      { to: "/admin/problem/create", label: "nav.createProblem" },
      { to: "/admin/problem/tag", label: "nav.tags" },
      { to: "/admin/problem/batch-operation", label: "nav.batchOperation" },
    ],
  },
];

export function adminNavFor(isSuperAdmin: boolean): AdminNavGroup[] {
  return ADMIN_NAV.map((g) => ({ ...g, entries: g.entries.filter((e) => !e.superAdmin || isSuperAdmin) })).filter(
    (g) => g.entries.length > 0,
  );
}
