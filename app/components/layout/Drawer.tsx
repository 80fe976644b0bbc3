import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { CloseIcon, MenuIcon } from "~/components/ui/icons";

// The navigation drawer of narrow screens (below 992px). Without JavaScript it is a <details>
// element whose panel covers the page under the header; in the browser a Headless UI dialog
// (focus kept inside, closes on navigation, Escape or a click outside). Its code is fetched on
// the first tap; meanwhile the same panel is shown without those extras.

export interface DrawerPanelProps {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}

const loadMenus = () => import("./headless-menus");
const HeadlessDrawer = lazy(() => loadMenus().then((m) => ({ default: m.HeadlessDrawer })));
/** Starts the download as the finger touches the button, before the click arrives. */
const preloadDrawer = () => void loadMenus().catch(() => undefined);

const BUTTON_CLASS = "flex cursor-pointer list-none items-center rounded p-2 text-gray-700 hover:text-brand [&::-webkit-details-marker]:hidden";

export function Drawer({ title, openLabel, closeLabel, children }: { title: string; openLabel: string; closeLabel: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const location = useLocation();
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
  return (
    <div className="md:hidden">
      <button type="button" className={BUTTON_CLASS} aria-label={openLabel} aria-expanded={open}
        onPointerDown={preloadDrawer}
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
      </button>
      {open ? (
        <Suspense
          fallback={
            <StaticDrawer title={title} closeLabel={closeLabel} onClose={() => setOpen(false)}>
              {children}
            </StaticDrawer>
          }
        >
          <HeadlessDrawer open={open} onClose={() => setOpen(false)} title={title} closeLabel={closeLabel}>
            {children}
          </HeadlessDrawer>
        </Suspense>
      ) : null}
    </div>
  );
}

/** The drawer's look without Headless UI, while its code loads. */
function StaticDrawer({ title, closeLabel, onClose, children }: Omit<DrawerPanelProps, "open">) {
  return (
    <div className="relative z-50 md:hidden">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" onClick={onClose} />
      <div className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw]">
        <div className="flex w-full flex-col overflow-y-auto bg-white shadow-xl" data-drawer="panel">
          <DrawerTitle title={title} closeLabel={closeLabel} onClose={onClose} />
          {children}
        </div>
      </div>
    </div>
  );
}

export function DrawerTitle({ title, closeLabel, onClose }: { title: string; closeLabel: string; onClose: () => void }) {
  return (
    <div className="flex items-center justify-between border-b px-4 py-3">
      <span className="font-semibold text-gray-800">{title}</span>
      <button type="button" onClick={onClose} className="rounded p-1 text-gray-500 hover:text-gray-800" aria-label={closeLabel}>
        <CloseIcon />
      </button>
    </div>
  );
}
