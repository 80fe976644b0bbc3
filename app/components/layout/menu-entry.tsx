import { Link } from "@remix-run/react";
import { forwardRef, type ReactNode } from "react";
import { ExternalIcon } from "~/components/ui/icons";

// One entry of a header menu or the drawer, rendered the same way with or without JavaScript.

export type MenuEntry =
  | { kind: "link"; key: string; to: string; label: string; badge?: string; reloadDocument?: boolean }
  | { kind: "external"; key: string; href: string; label: string }
  /** A submit button for a form rendered elsewhere (logout). */
  | { kind: "submit"; key: string; form: string; label: string };

export const ENTRY_CLASS =
  "flex w-full items-center justify-between gap-3 px-4 py-2 text-left text-sm text-gray-700 no-underline hover:bg-gray-100 hover:text-brand focus:bg-gray-100 focus:text-brand focus:outline-none";

export function Badge({ text, className = "" }: { text: string; className?: string }) {
  if (!text) return null;
  return (
    <span className={`inline-flex min-w-[1.25rem] justify-center rounded-full bg-red-500 px-1.5 text-xs font-medium leading-5 text-white ${className}`}>
      {text}
    </span>
  );
}

type EntryProps = { entry: MenuEntry; className?: string } & Omit<React.HTMLAttributes<HTMLElement>, "className">;

/** The element of an entry; extra props (a menu's role and tabIndex) and a ref go to that element. */
export const MenuEntryView = forwardRef<HTMLElement, EntryProps>(function MenuEntryView(
  { entry, className = ENTRY_CLASS, ...rest },
  ref,
) {
  let content: ReactNode = entry.label;
  switch (entry.kind) {
    case "link":
      content = (
        <>
          <span>{entry.label}</span>
          {entry.badge ? <Badge text={entry.badge} /> : null}
        </>
      );
      return (
        <Link
          {...rest}
          ref={ref as React.Ref<HTMLAnchorElement>}
          to={entry.to}
          reloadDocument={entry.reloadDocument}
          className={className}
        >
          {content}
        </Link>
      );
    case "external":
      return (
        <a {...rest} ref={ref as React.Ref<HTMLAnchorElement>} href={entry.href} target="_blank" rel="noopener noreferrer" className={className}>
          <span>{entry.label}</span>
          <ExternalIcon />
        </a>
      );
    case "submit":
      return (
        <button
          {...rest}
          ref={ref as React.Ref<HTMLButtonElement>}
          type="submit"
          form={entry.form}
          className={className}
          onClick={(e) => {
            // A menu removes its items as it closes on this click, and a button no longer in the
            // page submits nothing: submit the form (which stays) before the menu reacts.
            const form = document.getElementById(entry.form);
            if (form instanceof HTMLFormElement) {
              e.preventDefault();
              form.requestSubmit();
            }
            rest.onClick?.(e);
          }}
        >
          {content}
        </button>
      );
  }
});
