import type { CurrentUser } from "~/services/account/session.server";
import { newContestProblemLinkSchema } from "~/services/contest/problems.server";
import { DomainError } from "~/services/errors.server";
import type { ProblemInputRaw } from "~/services/problem/schema.server";
import { ProblemAdminError } from "~/services/problem/errors.server";
import { problemFormAction } from "./problem-form.server";

// The POST of "a new problem for this contest only" (the site's contest admin screen and a group
// contest's): the full problem form plus how the problem appears in the contest. The display id is
// checked (schema, then free in the contest) before the problem is stored; a contest's refusal is
// shown on the form, on the display id when it is taken.

export const CONTEST_PROBLEM_LINK_FIELDS = ["displayId", "displayTitle", "color"] as const;

export type ContestProblemLink = ReturnType<typeof newContestProblemLinkSchema.parse>;

export function contestOnlyProblemAction(request: Request, user: CurrentUser, opts: { doneTo: string; create: (input: ProblemInputRaw, link: ContestProblemLink) => Promise<unknown> }) {
  return problemFormAction(request, user, null, {
    extraFields: CONTEST_PROBLEM_LINK_FIELDS,
    doneTo: opts.doneTo,
    flashKey: "contest-admin:flash.problemCreated",
    async save(input, form) {
      const link = newContestProblemLinkSchema.parse(Object.fromEntries(CONTEST_PROBLEM_LINK_FIELDS.map((k) => [k, String(form.get(k) ?? "")])));
      try {
        await opts.create(input, link);
      } catch (err) {
        if (err instanceof DomainError && !(err instanceof ProblemAdminError)) {
          const field = err.message === "contest:displayIdTaken" ? "displayId" : undefined;
          throw new ProblemAdminError(err.message, field, undefined, err.kind);
        }
        throw err;
      }
    },
  });
}
