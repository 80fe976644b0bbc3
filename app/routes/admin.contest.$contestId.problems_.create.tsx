import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ProblemForm } from "~/components/admin-problem/ProblemForm";
import { Field, inputClass, Notice, Section } from "~/components/admin-problem/ui";
import { ProblemAuth } from "~/lib/constants";
import { pageTitle } from "~/lib/meta";
import { emptyDraft } from "~/lib/problem-draft";
import { useTranslation } from "~/lib/translation";
import { contestPageRefusal } from "~/http/contest-page.server";
import { requireAdmin } from "~/http/guards.server";
import { pathId } from "~/http/ids.server";
import { problemFormAction, type ProblemFormActionData } from "~/http/problem-form.server";
import { loadContest, requireContestAdmin } from "~/services/contest/contests.server";
import { createContestOnlyProblem, newContestProblemLinkSchema } from "~/services/contest/problems.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { ProblemAdminError } from "~/services/problem/errors.server";
import { listTags } from "~/services/problem/tags.server";

// A new problem for one contest only (spec sections 2 and 4, the contest admin's problem screen):
// the full problem form, its visibility fixed to contest-only and its type to the contest's rule,
// with the display id, display title and balloon colour it gets in the contest. Saving creates the
// problem and lists it in the contest (contest admins only; the service decides and checks again).

export const handle = { i18n: ["admin-problem", "contest-admin", "contest"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

const LINK_FIELDS = ["displayId", "displayTitle", "color"] as const;

async function contestFor(request: Request, contestId: string | undefined) {
  const user = await requireAdmin(request);
  const cid = pathId(contestId);
  try {
    const contest = await loadContest(cid);
    requireContestAdmin(user, contest);
    return { user, contest };
  } catch (err) {
    throw contestPageRefusal(err);
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { contest } = await contestFor(request, params.contestId);
  const [tags, t] = await Promise.all([listTags(), getT(request, "contest-admin")]);
  return json({
    cid: contest._id,
    type: String(contest.type),
    draft: { ...emptyDraft(), auth: String(ProblemAuth.CONTEST), type: String(contest.type) },
    tags: tags.map((x) => ({ id: x._id, name: x.name, color: x.color })),
    pageTitle: t("problems.createTitle", { title: contest.title }),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, contest } = await contestFor(request, params.contestId);
  return problemFormAction(request, user, null, {
    extraFields: LINK_FIELDS,
    doneTo: `/admin/contest/${contest._id}/problems`,
    flashKey: "contest-admin:flash.problemCreated",
    async save(input, form) {
      // The display id is checked (schema, then free in the contest) before the problem is stored.
      const link = newContestProblemLinkSchema.parse(Object.fromEntries(LINK_FIELDS.map((k) => [k, String(form.get(k) ?? "")])));
      try {
        await createContestOnlyProblem(user, contest._id, input, link);
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

export default function CreateContestProblem() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ProblemFormActionData | undefined;
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
    <div className="mx-auto max-w-5xl space-y-4 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{data.pageTitle}</h1>
        <Link to={`/admin/contest/${data.cid}/problems`} className="text-sm text-blue-700 underline">
          {t("contest-admin:problems.add")}
        </Link>
      </div>
      <Notice kind="info">{t("contest-admin:problems.createFixed")}</Notice>
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
    </div>
  );
}
