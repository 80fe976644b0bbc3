import { Form, Link } from "@remix-run/react";
import { buttonClass, ConfirmSubmit, Notice } from "~/components/admin-problem/ui";

// The controls of the contest and training lists that their admins manage (the site's admin pages
// and a group's tabs): the keyword search, a row's shown/hidden switch and delete button, and the
// server's confirmation step of a delete sent without JavaScript. Each form names the row by its id
// field (`cid`, `tid`) and the action by `intent`, as `listRowAction` reads them.

export function KeywordSearch({ keyword, label, submit }: { keyword: string; label: string; submit: string }) {
  return (
    <Form method="get" className="flex items-end gap-2">
      <label className="flex flex-col text-sm text-gray-700">
        {label}
        <input type="search" name="keyword" defaultValue={keyword} maxLength={100} className="mt-1 w-64 rounded border px-2 py-1 text-sm" />
      </label>
      <button type="submit" className={`${buttonClass} text-gray-800`}>
        {submit}
      </button>
    </Form>
  );
}

export interface RowRef {
  /** The form field that carries the row's id. */
  idName: string;
  id: number;
}

/** A row's shown/hidden switch: posts the opposite of `on` in `field` with the intent `intent`. */
export function ShownSwitch({ row, intent, field, on, label, shown, hidden }: { row: RowRef; intent: string; field: string; on: boolean; label: string; shown: string; hidden: string }) {
  return (
    <Form method="post">
      <input type="hidden" name={row.idName} value={row.id} />
      <input type="hidden" name={field} value={on ? "false" : "true"} />
      <button type="submit" name="intent" value={intent} role="switch" aria-checked={on} aria-label={label} className={`rounded px-2 py-0.5 text-xs ${on ? "bg-green-700 text-white" : "border border-gray-400 text-gray-800"}`}>
        {on ? shown : hidden}
      </button>
    </Form>
  );
}

/** A row's button whose POST is confirmed first: by a dialog (with JavaScript) or by the server's step. */
export function ConfirmRowButton({ fields, intent, question, label }: { fields: Record<string, string | number>; intent: string; question: string; label: string }) {
  return (
    <Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ConfirmSubmit name="intent" value={intent} message={question}>
        {label}
      </ConfirmSubmit>
    </Form>
  );
}

/** A row's delete button. */
export function DeleteRow({ row, question, label }: { row: RowRef; question: string; label: string }) {
  return <ConfirmRowButton fields={{ [row.idName]: row.id }} intent="delete" question={question} label={label} />;
}

/** The server's confirmation step of a POST sent without the browser's dialog: the question, the same POST confirmed, and a way back. */
export function ConfirmStep({ question, fields, intent, label, cancel, cancelTo }: { question: string; fields: Record<string, string | number>; intent: string; label: string; cancel: string; cancelTo: string }) {
  return (
    <Notice kind="warning">
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <span>{question}</span>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="1" />
        <button type="submit" name="intent" value={intent} className="rounded border border-red-700 px-3 py-1 text-sm text-red-700">
          {label}
        </button>
        <Link to={cancelTo}>{cancel}</Link>
      </Form>
    </Notice>
  );
}

/** The action's answer shown above a list: its error, or the question of a delete to confirm. */
export function RowActionAnswer({ answer, idName, question, label, cancel, cancelTo }: { answer: RowAnswer | undefined; idName: string; question: (id: number, title: string) => string; label: string; cancel: string; cancelTo: string }) {
  if (answer?.error) return <Notice kind="error">{answer.error}</Notice>;
  const asked = answer?.confirmDelete;
  if (!asked) return null;
  return <ConfirmStep question={question(asked.id, asked.title)} fields={{ [idName]: asked.id }} intent="delete" label={label} cancel={cancel} cancelTo={cancelTo} />;
}

/** What `listRowAction` answers when it does not redirect. */
export type RowAnswer = { error?: string; confirmDelete?: { id: number; title: string } };
