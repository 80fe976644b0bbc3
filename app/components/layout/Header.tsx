import { Form, Link, NavLink } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { BellIcon } from "~/components/ui/icons";
import { withBase } from "~/lib/base-path";
import { badgeText, MESSAGE_MENU, totalUnread, type UnreadCounts } from "~/lib/messages";
import { ADMIN_ENTRY, DRAWER_EXTRA, MAIN_MENU, POWER_LINKS, USER_MENU, type NavEntry } from "~/lib/site-links";
import { DropMenu, MENU_BUTTON_CLASS } from "./DropMenu";
import { Drawer } from "./Drawer";
import { Badge, ENTRY_CLASS, MenuEntryView, type MenuEntry } from "./menu-entry";
import type { FrameData, FrameUser } from "./types";
import { useUnreadCounts } from "./use-unread";

// The site header (spec "Header and menus"): main menu, Power submenu, message and user menus on
// wide screens; below 992px one drawer carries all of it plus /oi-rank, /introduction, /developer.

const LOGOUT_FORM = "logout-form";

function mainMenu(data: FrameData): NavEntry[] {
  return MAIN_MENU.filter((e) => e.to !== "/discussion" || data.config.openPublicDiscussion);
}

function userEntries(user: FrameUser, t: (k: string) => string): MenuEntry[] {
  const entries: MenuEntry[] = USER_MENU.map((e) => ({ kind: "link", key: e.to, to: e.to, label: t(e.label) }));
  // The admin area is a separate app: a full page load leaves the site's scripts behind.
  if (user.isAdmin) entries.push({ kind: "link", key: ADMIN_ENTRY.to, to: ADMIN_ENTRY.to, label: t(ADMIN_ENTRY.label), reloadDocument: true });
  entries.push({ kind: "submit", key: "logout", form: LOGOUT_FORM, label: t("user.logout") });
  return entries;
}

function messageEntries(unread: UnreadCounts | null, t: (k: string) => string): MenuEntry[] {
  return MESSAGE_MENU.map((m) => ({ kind: "link", key: m.to, to: m.to, label: t(m.label), badge: badgeText(unread?.[m.countKey] ?? 0) }));
}

function powerEntries(t: (k: string) => string): MenuEntry[] {
  return POWER_LINKS.map((p) => ({ kind: "external", key: p.href, href: p.href, label: t(p.label) }));
}

const NAV_LINK = ({ isActive }: { isActive: boolean }) =>
  `rounded px-3 py-2 text-sm no-underline ${isActive ? "font-semibold text-brand" : "text-gray-700 hover:text-brand"}`;

export function Avatar({ user, size = "h-7 w-7" }: { user: FrameUser; size?: string }) {
  const name = user.nickname || user.username;
  if (user.avatar) {
    const src = user.avatar.startsWith("/") ? withBase(user.avatar) : user.avatar;
    return <img src={src} alt="" className={`${size} rounded-full object-cover`} />;
  }
  return (
    <span className={`${size} inline-flex items-center justify-center rounded-full bg-brand text-xs font-semibold uppercase text-white`} aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}

export function Header({ data }: { data: FrameData }) {
  const { t } = useTranslation();
  const unread = useUnreadCounts(data.user ? (data.unread ?? null) : null);
  const { user, config } = data;
  const total = unread ? totalUnread(unread) : 0;
  const menu = mainMenu(data);

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white shadow-sm" data-site-header="">
      <div className="mx-auto flex h-14 max-w-[1400px] items-center gap-1 px-3">
        <Link to="/home" className="mr-3 shrink-0 text-lg font-bold text-brand no-underline" title={config.projectName}>
          {config.shortName}
        </Link>

        <nav aria-label={t("nav.main")} className="hidden items-center md:flex">
          {menu.map((e) => (
            <NavLink key={e.to} to={e.to} className={NAV_LINK}>
              {t(e.label)}
            </NavLink>
          ))}
          <DropMenu name="power" label={t("nav.power")} entries={powerEntries(t)} />
        </nav>

        <div className="ml-auto hidden items-center gap-1 md:flex">
          {user ? (
            <>
              <DropMenu
                name="message"
                align="right"
                ariaLabel={t("message.menu")}
                label={
                  <span className="relative inline-flex items-center">
                    <BellIcon />
                    <Badge text={badgeText(total)} className="absolute -right-3 -top-2" />
                  </span>
                }
                entries={messageEntries(unread, t)}
              />
              <DropMenu
                name="user"
                align="right"
                label={
                  <span className="inline-flex items-center gap-2">
                    <Avatar user={user} />
                    <span className="max-w-[10rem] truncate">{user.username}</span>
                  </span>
                }
                entries={userEntries(user, t)}
              />
            </>
          ) : (
            <VisitorLinks registerOpen={config.register} />
          )}
        </div>

        <div className="ml-auto md:hidden">
          <Drawer title={config.shortName} openLabel={t("nav.openMenu")} closeLabel={t("nav.closeMenu")}>
            <DrawerContent data={data} unread={unread} menu={menu} />
          </Drawer>
        </div>
      </div>
      {user ? <Form id={LOGOUT_FORM} method="post" action="/logout" className="hidden" /> : null}
    </header>
  );
}

function VisitorLinks({ registerOpen, className = MENU_BUTTON_CLASS }: { registerOpen: boolean; className?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Link to="/login" data-auth="login" className={className}>
        {t("user.login")}
      </Link>
      {registerOpen ? (
        <Link to="/register" data-auth="register" className={className}>
          {t("user.register")}
        </Link>
      ) : null}
    </>
  );
}

function DrawerSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="border-b py-2">
      <div className="px-4 pb-1 text-xs font-semibold uppercase tracking-wide text-gray-600">{title}</div>
      {children}
    </div>
  );
}

function DrawerContent({ data, unread, menu }: { data: FrameData; unread: UnreadCounts | null; menu: NavEntry[] }) {
  const { t } = useTranslation();
  const { user } = data;
  const links = [...menu, ...DRAWER_EXTRA];
  return (
    <nav aria-label={t("nav.menu")} className="pb-6">
      {user ? (
        <div className="flex items-center gap-3 border-b px-4 py-3">
          <Avatar user={user} size="h-9 w-9" />
          <span className="truncate font-medium text-gray-800">{user.username}</span>
        </div>
      ) : (
        <div className="flex gap-2 border-b px-2 py-3">
          <VisitorLinks registerOpen={data.config.register} className="rounded border border-brand px-4 py-1.5 text-sm text-brand no-underline" />
        </div>
      )}
      <DrawerSection title={t("nav.menu")}>
        {links.map((e) => (
          <MenuEntryView key={e.to} entry={{ kind: "link", key: e.to, to: e.to, label: t(e.label) }} />
        ))}
      </DrawerSection>
      <DrawerSection title={t("nav.power")}>
        {powerEntries(t).map((e) => (
          <MenuEntryView key={e.key} entry={e} />
        ))}
      </DrawerSection>
      {user ? (
        <>
          <DrawerSection title={t("message.menu")}>
            {messageEntries(unread, t).map((e) => (
              <MenuEntryView key={e.key} entry={e} />
            ))}
          </DrawerSection>
          <DrawerSection title={t("user.menu")}>
            {userEntries(user, t).map((e) => (
              <MenuEntryView key={e.key} entry={e} className={ENTRY_CLASS} />
            ))}
          </DrawerSection>
        </>
      ) : null}
    </nav>
  );
}
