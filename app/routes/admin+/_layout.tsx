import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { AdminError } from "~/components/admin/AdminError";
import { AdminShell } from "~/components/admin/AdminShell";
import type { RouteHandle } from "~/lib/route-handle";
import { mayAdministerSite } from "~/services/access/policy.server";
import { requireAdmin } from "~/http/guards.server";
import { getWebsiteConfig } from "~/services/site/config.server";
import type { loader as rootLoader } from "~/root";

// The admin area's layout: super admin, admin or problem admin only (spec section 6). A visitor
// goes to /admin/login, a signed-in user without an admin role gets 403. The admin login page is
// not under this layout (admin_.login.tsx).

export const handle: RouteHandle = { i18n: ["common", "admin"], adminShell: true };

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, config] = await Promise.all([requireAdmin(request), getWebsiteConfig()]);
  return json({
    admin: { username: user.username, role: user.role, isSuperAdmin: mayAdministerSite(user) },
    siteName: config.shortName,
  });
}

export function useAdminData() {
  return useRouteLoaderData<typeof loader>("routes/admin+/_layout");
}

export default function AdminLayout() {
  const { admin, siteName } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <AdminShell username={admin.username} isSuperAdmin={admin.isSuperAdmin} siteName={siteName} locale={root?.locale ?? "zh-CN"}>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary() {
  return <AdminError inShell={false} />;
}
