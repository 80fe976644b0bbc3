import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { AdminCard } from "~/components/admin/AdminShell";
import { AdminError } from "~/components/admin/AdminError";
import { ROLE_NAMES, type RoleCode } from "~/lib/constants";
import type { RouteHandle } from "~/lib/route-handle";
import { dashboardStats } from "~/services/site/dashboard.server";
import { getT } from "~/services/platform/i18n.server";
import { requireAdmin } from "~/http/guards.server";
import { pageTitle } from "~/lib/meta";

export const handle: RouteHandle = { i18n: ["common", "admin"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, t, stats] = await Promise.all([requireAdmin(request), getT(request, ["admin", "common"]), dashboardStats()]);
  return json({
    title: t("admin:dashboard.title"),
    stats,
    username: user.username,
    roleName: ROLE_NAMES[user.role as RoleCode] ?? String(user.role),
  });
}

function Stat({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-gray-50 p-4" data-stat={name}>
      <div className="text-sm text-gray-600">{label}</div>
      <div className="mt-1 text-2xl font-semibold text-gray-800" data-stat-value="">
        {value}
      </div>
    </div>
  );
}

export default function Dashboard() {
  const { t } = useTranslation("admin");
  const { stats, username, roleName } = useLoaderData<typeof loader>();
  return (
    <AdminCard title={t("dashboard.title")}>
      <p className="mb-4 text-sm text-gray-600">{t("dashboard.welcome", { name: username, role: t(`roles.${roleName}`, { defaultValue: roleName }) })}</p>
      <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-5">
        <Stat name="users" label={t("dashboard.users")} value={String(stats.users)} />
        <Stat name="problems" label={t("dashboard.problems")} value={String(stats.problems)} />
        <Stat name="submissionsToday" label={t("dashboard.submissionsToday")} value={String(stats.submissionsToday)} />
        <Stat name="submissionsTotal" label={t("dashboard.submissionsTotal")} value={String(stats.submissionsTotal)} />
        <Stat
          name="judgesOnline"
          label={t("dashboard.judgesOnline")}
          value={stats.judgesOnline === null ? t("dashboard.unknown") : String(stats.judgesOnline)}
        />
      </div>
    </AdminCard>
  );
}

export function ErrorBoundary() {
  return <AdminError inShell />;
}
