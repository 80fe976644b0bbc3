import { useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";
import { ChevronDownIcon } from "~/components/ui/icons";
import { MenuEntryView, type MenuEntry } from "./menu-entry";

// A header dropdown. Server-rendered (and until the page is interactive) it is a <details>
// element, which opens and closes without JavaScript. In the browser it becomes a menu button
// (WAI-ARIA menu button pattern): aria-expanded on the button, role="menu" and "menuitem", arrow
// keys, Home and End move between entries, Escape and Tab close it, a click outside or on an entry
// closes it. A few lines here instead of a UI library keep every page's download small.

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

export function DropMenu(props: DropMenuProps) {
  const hydrated = useHydrated();
  return hydrated ? <ScriptedDropMenu {...props} /> : <DetailsDropMenu {...props} />;
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

/** Where focus goes when the menu opens: the menu itself (a click), or its first or last entry (keys). */
type OpenFocus = "menu" | "first" | "last";

function ScriptedDropMenu({ label, ariaLabel, entries, align = "left", name, buttonClassName = MENU_BUTTON_CLASS }: DropMenuProps) {
  const [open, setOpen] = useState<OpenFocus | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const location = useLocation();

  // A new page closes the menu.
  useEffect(() => {
    setOpen(null);
  }, [location.key]);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    if (open === "first") list[0]?.focus();
    else if (open === "last") list[list.length - 1]?.focus();
    else menuRef.current?.focus();
    // A press anywhere outside closes it (the button toggles by itself).
    const outside = (e: PointerEvent) => {
      if (!(e.target instanceof Node) || !rootRef.current?.contains(e.target)) setOpen(null);
    };
    document.addEventListener("pointerdown", outside, true);
    return () => document.removeEventListener("pointerdown", outside, true);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(null);
    if (refocus) buttonRef.current?.focus();
  };

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === "ArrowDown" || e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      setOpen("first");
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setOpen("last");
    }
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (e.key) {
      case "ArrowDown":
        move(at + 1);
        break;
      case "ArrowUp":
        move(at < 0 ? -1 : at - 1);
        break;
      case "Home":
        move(0);
        break;
      case "End":
        move(-1);
        break;
      case "Escape":
        close(true);
        break;
      case "Tab":
        setOpen(null);
        return;
      default:
        return;
    }
    e.preventDefault();
  };

  return (
    <div ref={rootRef} className="relative" data-menu={name}>
      <button
        ref={buttonRef}
        type="button"
        id={`${id}-button`}
        className={buttonClassName}
        aria-label={ariaLabel}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => setOpen((o) => (o ? null : "menu"))}
        onKeyDown={onButtonKey}
      >
        {label}
        <ChevronDownIcon />
      </button>
      {open ? (
        <div
          ref={menuRef}
          id={`${id}-menu`}
          role="menu"
          tabIndex={-1}
          aria-labelledby={`${id}-button`}
          className={menuPanelClass(align)}
          onKeyDown={onMenuKey}
          onClick={(e) => {
            if (e.target instanceof Element && e.target.closest('[role="menuitem"]')) setOpen(null);
          }}
        >
          {entries.map((e) => (
            <MenuEntryView key={e.key} entry={e} role="menuitem" tabIndex={-1} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
