import { lazy, Suspense, type ReactNode } from "react";
import { ChevronDownIcon } from "~/components/ui/icons";
import { useMediaQuery, WIDE_SCREEN } from "~/lib/use-media-query";
import { MenuEntryView, type MenuEntry } from "./menu-entry";

// A header dropdown. Server-rendered (and until the page is interactive) it is a <details>
// element, which opens and closes without JavaScript; in a browser on a wide screen it becomes a
// Headless UI menu (keyboard navigation, closing on outside click), loaded after the page is
// interactive so the first page load stays small. Narrow screens never show these menus (the
// drawer carries their entries), so phones never download that code for them.

export interface DropMenuProps {
  /** The button's content. */
  label: ReactNode;
  /** Accessible name when the label is an icon. */
  ariaLabel?: string;
  entries: MenuEntry[];
  align?: "left" | "right";
  /** Names the menu for tests and styling: data-menu="...". */
  name: string;
  buttonClassName?: string;
}

export const MENU_BUTTON_CLASS =
  "flex cursor-pointer list-none items-center gap-1 rounded px-3 py-2 text-sm text-gray-700 hover:text-brand [&::-webkit-details-marker]:hidden";

export function menuPanelClass(align: "left" | "right" = "left"): string {
  return `absolute ${align === "right" ? "right-0" : "left-0"} z-50 mt-1 min-w-[11rem] rounded-md border border-gray-200 bg-white py-1 shadow-lg focus:outline-none`;
}

const HeadlessDropMenu = lazy(() => import("./headless-menus").then((m) => ({ default: m.HeadlessDropMenu })));

export function DropMenu(props: DropMenuProps) {
  const wide = useMediaQuery(WIDE_SCREEN);
  const fallback = <DetailsDropMenu {...props} />;
  if (!wide) return fallback;
  return (
    <Suspense fallback={fallback}>
      <HeadlessDropMenu {...props} />
    </Suspense>
  );
}

function DetailsDropMenu({ label, ariaLabel, entries, align = "left", name, buttonClassName = MENU_BUTTON_CLASS }: DropMenuProps) {
  return (
    <details className="relative" data-menu={name}>
      <summary className={buttonClassName} aria-label={ariaLabel}>
        {label}
        <ChevronDownIcon />
      </summary>
      <div className={menuPanelClass(align)}>
        {entries.map((e) => (
          <MenuEntryView key={e.key} entry={e} />
        ))}
      </div>
    </details>
  );
}
