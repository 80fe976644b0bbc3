import type { ReactNode } from "react";
import { Form, Link } from "@remix-run/react";

// The filters above the public lists (contests, trainings, groups): rows of chips that are links
// (a filter is part of the address, so it works without JavaScript and can be shared), and the
// keyword search, a GET form that keeps the chips' choices in hidden fields.

export function FilterRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="w-16 text-sm text-gray-700">{label}</span>
      {children}
    </div>
  );
}

export function FilterChip({ to, active, children, testId }: { to: string; active: boolean; children: ReactNode; testId?: string }) {
  return (
    <Link
      to={to}
      className={`rounded border px-2 py-0.5 text-sm ${active ? "border-blue-700 bg-blue-700 text-white" : "bg-white text-gray-800 hover:border-blue-700"}`}
      aria-current={active ? "true" : undefined}
      data-testid={testId}
    >
      {children}
    </Link>
  );
}

export function ListSearchForm({
  action,
  keep,
  keyword,
  label,
  submit,
  children,
}: {
  action: string;
  /** The chips' choices, sent again with the keyword (left out when null, undefined or false). */
  keep: Record<string, string | number | boolean | null | undefined>;
  keyword: string;
  label: string;
  submit: string;
  /** More fields after the keyword (a page size). */
  children?: ReactNode;
}) {
  return (
    <Form method="get" action={action} className="flex flex-wrap items-end gap-2">
      {Object.entries(keep).map(([name, value]) => (value === null || value === undefined || value === false ? null : <input key={name} type="hidden" name={name} value={String(value)} />))}
      <label className="flex flex-col text-xs text-gray-700">
        {label}
        <input type="search" name="keyword" defaultValue={keyword} maxLength={100} className="mt-1 w-56 rounded border px-2 py-1 text-sm text-gray-800" />
      </label>
      {children}
      <button type="submit" className="rounded bg-blue-700 px-3 py-1 text-sm text-white">
        {submit}
      </button>
    </Form>
  );
}
