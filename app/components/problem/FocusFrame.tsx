import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { JudgeStatus } from "~/lib/constants";

// The full-screen (focus) view of a problem page in a contest, a training or a group (`?focus=1`,
// rendered by the server, so it works without JavaScript): the page covers the site's frame and,
// in a contest or a training, a strip of its problems (each in the viewer's status colour) and the
// way back to the problem list sit at the bottom (spec section 3).

export interface FocusStrip {
  /** The strip's accessible name. */
  label: string;
  problems: ReadonlyArray<{ displayId: string; myStatus: number | null }>;
  current: string;
  href: (displayId: string) => string;
  back: { to: string; label: string };
}

function stateClass(status: number | null): string {
  if (status === JudgeStatus.ACCEPTED) return "border-green-700 text-green-800";
  if (status === null || status === JudgeStatus.NOT_SUBMITTED) return "border-gray-400 text-gray-800";
  return "border-red-700 text-red-800";
}

export function FocusFrame({ focus, strip, testId, children }: { focus: boolean; strip?: FocusStrip; testId: string; children: ReactNode }) {
  return (
    <div className={focus ? "fixed inset-0 z-50 flex flex-col bg-[#eff3f5]" : ""} data-testid={testId}>
      <div className={focus ? "flex-1 overflow-auto p-2" : ""}>{children}</div>
      {focus && strip ? (
        <nav aria-label={strip.label} className="flex flex-wrap gap-1 border-t bg-white p-2" data-testid="focus-strip">
          {strip.problems.map((p) => {
            const current = p.displayId === strip.current;
            return (
              <Link
                key={p.displayId}
                to={strip.href(p.displayId)}
                aria-current={current ? "page" : undefined}
                className={`rounded border-2 px-3 py-1 text-sm font-medium ${stateClass(p.myStatus)} ${current ? "bg-sky-100" : "bg-white"}`}
              >
                {p.displayId}
              </Link>
            );
          })}
          <Link to={strip.back.to} className="ml-auto rounded border px-3 py-1 text-sm text-gray-800">
            {strip.back.label}
          </Link>
        </nav>
      ) : null}
    </div>
  );
}
