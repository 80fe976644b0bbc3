import { Dialog, DialogPanel, Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { ChevronDownIcon } from "~/components/ui/icons";
import type { DropMenuProps } from "./DropMenu";
import { MENU_BUTTON_CLASS, menuPanelClass } from "./DropMenu";
import { DrawerTitle, type DrawerPanelProps } from "./Drawer";
import { MenuEntryView } from "./menu-entry";

// The interactive versions of the header menus and the drawer (see DropMenu.tsx and Drawer.tsx).

export function HeadlessDropMenu({ label, ariaLabel, entries, align = "left", name, buttonClassName = MENU_BUTTON_CLASS }: DropMenuProps) {
  return (
    <Menu as="div" className="relative" data-menu={name}>
      <MenuButton className={buttonClassName} aria-label={ariaLabel}>
        {label}
        <ChevronDownIcon />
      </MenuButton>
      <MenuItems className={menuPanelClass(align)}>
        {entries.map((e) => (
          <MenuItem key={e.key}>
            <MenuEntryView entry={e} />
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

export function HeadlessDrawer({ open, onClose, title, closeLabel, children }: DrawerPanelProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 md:hidden">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw]">
        <DialogPanel className="flex w-full flex-col overflow-y-auto bg-white shadow-xl" data-drawer="panel">
          <DrawerTitle title={title} closeLabel={closeLabel} onClose={onClose} />
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
