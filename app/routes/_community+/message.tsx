import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { NavLink, Outlet, useRouteLoaderData } from "@remix-run/react";
import { requireUser } from "~/http/guards.server";
import { badgeText, MESSAGE_MENU, type UnreadCounts } from "~/lib/messages";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { getT } from "~/services/platform/i18n.server";

// The message centre (spec section 2): tabs for comments, replies, likes, system and own-content
// messages with their unread badges (capped at 99); signed-in users only.

export const handle = { i18n: ["community"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const t = await getT(request, "common");
  return json({ pageTitle: t("message.menu") });
}

export default function MessageCentre() {
  const { t } = useTranslation("common");
  const root = useRouteLoaderData("root") as { unread?: UnreadCounts | null } | undefined;
  const unread = root?.unread ?? null;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-3 p-2 sm:p-4 md:flex-row">
      <nav aria-label={t("message.menu")} className="rounded bg-white p-2 shadow-sm md:w-48">
        <ul className="flex flex-wrap gap-1 md:flex-col">
          {MESSAGE_MENU.map((m) => {
            const badge = badgeText(unread?.[m.countKey] ?? 0);
            return (
              <li key={m.type}>
                <NavLink
                  to={m.to}
                  className={({ isActive }) => `flex items-center justify-between gap-2 rounded px-3 py-2 text-sm ${isActive ? "bg-blue-700 text-white" : "text-gray-800 hover:bg-gray-100"}`}
                >
                  <span>{t(m.label)}</span>
                  {badge ? (
                    <span className="rounded-full bg-red-700 px-1.5 text-xs text-white" aria-label={t("message.unread", { count: badge })}>
                      {badge}
                    </span>
                  ) : null}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
