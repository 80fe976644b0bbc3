import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ProblemForm } from "~/components/admin-problem/ProblemForm";
import { groupPageRefusal } from "~/http/group-page.server";
import { asProblemFormRefusal, groupAdminPageBase } from "~/http/group-problem-page.server";
import { pathId } from "~/http/ids.server";
import { draftFromProblem, problemFormAction, type ProblemFormActionData } from "~/http/problem-form.server";
import { GROUP_PROBLEM_AUTH_CHOICES } from "~/lib/group-problem";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { groupProblemForEdit, updateGroupProblem } from "~/services/group/problems.server";
import { getT } from "~/services/platform/i18n.server";
import { listTags } from "~/services/problem/tags.server";

// Editing one of the group's problems (its root, or the admin who wrote it): the bank's problem
// form. The id in the path is the problem's number; a problem of another group is not found here.

export const handle = { i18n: ["admin-problem", "group", "group-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, gid } = await groupAdminPageBase(request, params);
  const pid = pathId(params.problemId);
  let edit: Awaited<ReturnType<typeof groupProblemForEdit>>;
  try {
    edit = await groupProblemForEdit(user, gid, pid);
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
  const [tags, t] = await Promise.all([listTags(), getT(request, "group-problem")]);
  return json({
    gid,
    pid,
    author: edit.problem.author,
    draft: draftFromProblem(edit),
    tags: tags.map((x) => ({ id: x._id, name: x.name, color: x.color })),
    pageTitle: t("editTitle", { id: edit.problem.problemId }),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, gid } = await groupAdminPageBase(request, params);
  const pid = pathId(params.problemId);
  return problemFormAction(request, user, pid, {
    extraFields: [],
    doneTo: `/group/${gid}/problem`,
    flashKey: "group-problem:flash.updated",
    save: (input) => asProblemFormRefusal(() => updateGroupProblem(user, gid, pid, input)).then(() => undefined),
  });
}

export default function EditGroupProblem() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ProblemFormActionData | undefined;
  const { t } = useTranslation(["group-problem", "admin-problem"]);
  return (
    <div className="space-y-4 rounded bg-white p-3 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">{data.pageTitle}</h2>
        <Link to={`/group/${data.gid}/problem`} className="text-sm text-blue-700 underline">
          {t("backToList")}
        </Link>
      </div>
      <ProblemForm
        key={answer?.nonce ?? "initial"}
        mode="edit"
        author={data.author}
        draft={answer?.draft ?? data.draft}
        errors={answer?.errors ?? {}}
        compileError={answer?.compileError ?? null}
        notice={answer?.notice ?? null}
        tags={data.tags}
        auths={GROUP_PROBLEM_AUTH_CHOICES}
      />
    </div>
  );
}
