import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";
import { CloseIcon, MenuIcon } from "~/components/ui/icons";

// The navigation drawer of narrow screens (below 992px). Without JavaScript it is a <details>
// element whose panel covers the page under the header. In the browser it is a modal dialog: focus
// moves into it and stays there (Tab wraps), Escape, the close button, a click on the shade or a
// new page close it, focus returns to the menu button, and the page behind does not scroll.

const BUTTON_CLASS = "flex cursor-pointer list-none items-center rounded p-2 text-gray-700 hover:text-brand [&::-webkit-details-marker]:hidden";

export function Drawer({ title, openLabel, closeLabel, children }: { title: string; openLabel: string; closeLabel: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  if (!hydrated) {
    return (
      <details className="md:hidden" data-drawer="details">
        <summary className={BUTTON_CLASS} aria-label={openLabel}>
          <MenuIcon />
        </summary>
        <div className="fixed inset-x-0 bottom-0 top-14 z-50 overflow-y-auto border-t bg-white" data-drawer="panel">
          {children}
        </div>
      </details>
    );
  }
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  return (
    <div className="md:hidden">
      <button ref={buttonRef} type="button" className={BUTTON_CLASS} aria-label={openLabel} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <MenuIcon />
      </button>
      {open ? (
        <DrawerDialog title={title} closeLabel={closeLabel} onClose={close}>
          {children}
        </DrawerDialog>
      ) : null}
    </div>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function DrawerDialog({ title, closeLabel, onClose, children }: { title: string; closeLabel: string; onClose: () => void; children: ReactNode }) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    panelRef.current?.focus();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === "Escape") onCloseRef.current();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      root.style.overflow = overflow;
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  // Tab and Shift+Tab go round the panel's own controls.
  const trap = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== "Tab") return;
    const list = Array.from(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    if (list.length === 0) return;
    const first = list[0];
    const last = list[list.length - 1];
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === panelRef.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="relative z-50 md:hidden">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" onClick={onClose} />
      <div className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw]">
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-label={title}
          tabIndex={-1}
          className="flex w-full flex-col overflow-y-auto bg-white shadow-xl focus:outline-none"
          data-drawer="panel"
          onKeyDown={trap}
        >
          <div className="flex items-center justify-between border-b px-4 py-3">
            <span className="font-semibold text-gray-800">{title}</span>
            <button type="button" onClick={onClose} className="rounded p-1 text-gray-600 hover:text-gray-800" aria-label={closeLabel}>
              <CloseIcon />
            </button>
          </div>
          {children}
        </div>
      </div>
    </div>
  );
}
