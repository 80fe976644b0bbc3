import { Form, Link, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/lib/translation";
import { LanguageSwitch } from "~/components/layout/LanguageSwitch";
import { adminNavFor } from "~/lib/admin-nav";

// The admin area's own frame: a sidebar (a list above the content on narrow screens) and a top
// bar with the way back to the site, the language switch and logout. No site header or footer.

export interface AdminShellProps {
  username: string;
  isSuperAdmin: boolean;
  siteName: string;
  locale: string;
  children: ReactNode;
}

const NAV_CLASS = ({ isActive }: { isActive: boolean }) =>
  `block whitespace-nowrap rounded px-3 py-2 text-sm no-underline ${isActive ? "bg-brand text-white" : "text-gray-300 hover:bg-gray-700 hover:text-white"}`;

export function AdminShell({ username, isSuperAdmin, siteName, locale, children }: AdminShellProps) {
  const { t } = useTranslation("admin");
  const groups = adminNavFor(isSuperAdmin);
  return (
    <div className="flex min-h-screen flex-col md:flex-row" data-admin-shell="">
      <aside className="bg-gray-800 md:w-56 md:shrink-0">
        <div className="px-4 py-4 text-lg font-semibold text-white">
          <Link to="/admin/dashboard" className="text-white no-underline">
            {t("title", { name: siteName })}
          </Link>
        </div>
        <nav aria-label={t("nav.label")} className="flex gap-4 overflow-x-auto px-2 pb-3 md:block md:space-y-4 md:overflow-visible">
          {groups.map((g) => (
            <div key={g.label} className="shrink-0">
              <div className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-gray-400">{t(g.label)}</div>
              <ul className="flex gap-1 md:block md:space-y-1">
                {g.entries.map((e) => (
                  <li key={e.to}>
                    <NavLink to={e.to} end className={NAV_CLASS}>
                      {t(e.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b bg-white px-4 py-3 text-sm">
          <Link to="/home" reloadDocument className="no-underline">
            {t("backToSite")}
          </Link>
          <div className="ml-auto flex flex-wrap items-center gap-4">
            <LanguageSwitch locale={locale} />
            <span className="text-gray-700" data-admin-user="">
              {username}
            </span>
            <Form method="post" action="/logout" reloadDocument>
              <button type="submit" className="text-brand hover:underline">
                {t("common:user.logout")}
              </button>
            </Form>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 p-4 focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}

/** A simple white card for admin pages. */
export function AdminCard({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="rounded-lg bg-white p-5 shadow-sm">
      <div className="mb-4 flex items-center justify-between gap-2">
        <h1 className="text-lg font-semibold text-gray-800">{title}</h1>
        {actions}
      </div>
      {children}
    </section>
  );
}
