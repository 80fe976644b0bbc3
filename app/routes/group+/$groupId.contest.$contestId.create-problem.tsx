import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContestOnlyProblemForm } from "~/components/contest/ContestOnlyProblemForm";
import { ProblemAuth } from "~/lib/constants";
import { pageTitle } from "~/lib/meta";
import { emptyDraft } from "~/lib/problem-draft";
import { contestOnlyProblemAction } from "~/http/contest-problem-create.server";
import { groupContestAdminBase } from "~/http/group-content-page.server";
import type { ProblemFormActionData } from "~/http/problem-form.server";
import { createGroupContestProblem } from "~/services/group/content.server";
import { getT } from "~/services/platform/i18n.server";
import { listTags } from "~/services/problem/tags.server";

// A new problem for one of the group's contests only (its admins who manage the contest): the
// site's contest-only problem form; the problem belongs to the group (its display id prefixed with
// the group's short name) and is listed in the contest with the display id given here, as HOJ's
// POST /ojapi/group/contest-problem with a whole problem does.

export const handle = { i18n: ["admin-problem", "contest-admin", "contest", "group", "group-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

async function contestFor(request: Request, params: LoaderFunctionArgs["params"]) {
  const { user, gid, admin, cs } = await groupContestAdminBase(request, params);
  return { user, gid, admin, cs, contest: cs.contest };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { gid, admin, cs, contest } = await contestFor(request, params);
  const problemType = cs.rule.scoring === "oi" ? "1" : "0";
  const [tags, t] = await Promise.all([listTags(), getT(request, ["contest-admin", "group-problem"])]);
  return json({
    gid,
    hint: t("group-problem:prefixHint", { prefix: admin.view.group.shortName.toUpperCase() }),
    cid: contest._id,
    type: problemType,
    draft: { ...emptyDraft(), auth: String(ProblemAuth.CONTEST), type: problemType },
    tags: tags.map((x) => ({ id: x._id, name: x.name, color: x.color })),
    pageTitle: t("problems.createTitle", { title: contest.title }),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, gid, admin, cs, contest } = await contestFor(request, params);
  return contestOnlyProblemAction(request, user, {
    doneTo: `/group/${gid}/contest/${contest._id}/manage-problems`,
    create: (input, link) => createGroupContestProblem(user, cs, input, link, admin.manage),
  });
}

export default function CreateGroupContestProblem() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ProblemFormActionData | undefined;
  return (
    <section className="space-y-4 rounded bg-white p-3 shadow-sm sm:p-5">
      <ContestOnlyProblemForm data={data} answer={answer} backTo={`/group/${data.gid}/contest/${data.cid}/manage-problems`} heading="h2" hint={data.hint} />
    </section>
  );
}
