import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContestOnlyProblemForm } from "~/components/contest/ContestOnlyProblemForm";
import { ProblemAuth } from "~/lib/constants";
import { pageTitle } from "~/lib/meta";
import { emptyDraft } from "~/lib/problem-draft";
import { contestOnlyProblemAction } from "~/http/contest-problem-create.server";
import { adminContestPageBase } from "~/http/contest-page.server";
import type { ProblemFormActionData } from "~/http/problem-form.server";
import { createContestOnlyProblem } from "~/services/contest/problems.server";
import { getT } from "~/services/platform/i18n.server";
import { listTags } from "~/services/problem/tags.server";

// A new problem for one contest only (spec sections 2 and 4, the contest admin's problem screen):
// the full problem form, its visibility fixed to contest-only and its type to the contest's rule,
// with the display id, display title and balloon colour it gets in the contest. Saving creates the
// problem and lists it in the contest (contest admins only; the service decides and checks again).

export const handle = { i18n: ["admin-problem", "contest-admin", "contest"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

async function contestFor(request: Request, params: LoaderFunctionArgs["params"]) {
  const { user, cs } = await adminContestPageBase(request, params);
  return { user, cs, contest: cs.contest };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cs, contest } = await contestFor(request, params);
  const problemType = cs.rule.scoring === "oi" ? "1" : "0";
  const [tags, t] = await Promise.all([listTags(), getT(request, "contest-admin")]);
  return json({
    cid: contest._id,
    type: problemType,
    draft: { ...emptyDraft(), auth: String(ProblemAuth.CONTEST), type: problemType },
    tags: tags.map((x) => ({ id: x._id, name: x.name, color: x.color })),
    pageTitle: t("problems.createTitle", { title: contest.title }),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, cs, contest } = await contestFor(request, params);
  return contestOnlyProblemAction(request, user, {
    doneTo: `/admin/contest/${contest._id}/problems`,
    create: (input, link) => createContestOnlyProblem(cs, input, link, null),
  });
}

export default function CreateContestProblem() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ProblemFormActionData | undefined;
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-4">
      <ContestOnlyProblemForm data={data} answer={answer} backTo={`/admin/contest/${data.cid}/problems`} />
    </div>
  );
}
