import type { ReactNode } from "react";

// A submit button that asks first (spec: deletions ask for confirmation). With JavaScript the
// browser's own dialog asks and the form goes with confirmed=1; without it the server answers with
// a confirmation form (the action returns `confirm`), so nothing is deleted by one stray click.

export function ConfirmButton({ message, children, className, name = "intent", value }: { message: string; children: ReactNode; className?: string; name?: string; value: string }) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={className}
      onClick={(e) => {
        if (!window.confirm(message)) {
          e.preventDefault();
          return;
        }
        const form = e.currentTarget.form;
        if (!form) return;
        let field = form.querySelector<HTMLInputElement>('input[name="confirmed"]');
        if (!field) {
          field = document.createElement("input");
          field.type = "hidden";
          field.name = "confirmed";
          form.appendChild(field);
        }
        field.value = "1";
      }}
    >
      {children}
    </button>
  );
}
