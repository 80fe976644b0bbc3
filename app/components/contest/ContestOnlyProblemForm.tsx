import { Link } from "@remix-run/react";
import { ProblemForm } from "~/components/admin-problem/ProblemForm";
import { Field, inputClass, Notice, Section } from "~/components/admin-problem/ui";
import { ProblemAuth } from "~/lib/constants";
import type { ProblemDraft } from "~/lib/problem-draft";
import { useTranslation } from "~/lib/translation";
import type { ProblemFormActionData } from "~/http/problem-form.server";

// The page of a new problem for one contest only (the site's contest admin and a group contest's
// admins): the full problem form, its visibility fixed to contest-only and its type to the
// contest's rule, with the display id, display title and balloon colour it gets in the contest.

const LINK_FIELDS = ["displayId", "displayTitle", "color"] as const;

export function ContestOnlyProblemForm({
  data,
  answer,
  backTo,
  heading: Heading = "h1",
  hint,
}: {
  data: { type: string; draft: ProblemDraft; tags: Array<{ id: number; name: string; color: string }>; pageTitle: string };
  answer: ProblemFormActionData | undefined;
  backTo: string;
  heading?: "h1" | "h2";
  /** A word more on where the problem goes (a group's: its display id's prefix). */
  hint?: string;
}) {
  const { t } = useTranslation(["contest-admin", "admin-problem"]);
  const errors = answer?.errors ?? {};
  const values = answer?.extra ?? {};
  const extra = (
    <Section title={t("contest-admin:problems.createInContest")}>
      <div className="grid gap-3 sm:grid-cols-3" data-testid="contest-problem-link">
        {LINK_FIELDS.map((name) => (
          <Field key={name} label={t(`contest-admin:problems.${name}`)} htmlFor={`link-${name}`} error={errors[name]}>
            <input
              id={`link-${name}`}
              name={name}
              className={inputClass}
              defaultValue={values[name] ?? ""}
              aria-invalid={errors[name] ? true : undefined}
              placeholder={name === "color" ? "#2d8cf0" : undefined}
              required={name === "displayId"}
            />
          </Field>
        ))}
      </div>
    </Section>
  );
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <Heading className="text-xl font-semibold">{data.pageTitle}</Heading>
        <Link to={backTo} className="text-sm text-blue-700 underline">
          {t("contest-admin:problems.add")}
        </Link>
      </div>
      <Notice kind="info">
        {t("contest-admin:problems.createFixed")}
        {hint ? ` ${hint}` : null}
      </Notice>
      <ProblemForm
        key={answer?.nonce ?? "initial"}
        mode="create"
        draft={answer?.draft ?? data.draft}
        errors={errors}
        compileError={answer?.compileError ?? null}
        notice={answer?.notice ?? null}
        tags={data.tags}
        fixed={{ auth: String(ProblemAuth.CONTEST), type: data.type }}
        extra={extra}
      />
    </>
  );
}
