import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { ProblemForm } from "~/components/admin-problem/ProblemForm";
import { getT } from "~/services/platform/i18n.server";
import { requireAdmin } from "~/http/guards.server";
import { findProblem, getProblemForEdit } from "~/services/problem/admin.server";
import { draftFromProblem, problemFormAction, type ProblemFormActionData } from "~/http/problem-form.server";
import { listTags } from "~/services/problem/tags.server";
import { withBase } from "~/lib/base-path";
import { pageTitle } from "~/lib/meta";
import { pathId } from "~/http/ids.server";

export const handle = { i18n: ["admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const pid = pathId(params.problemId);
  if (!(await findProblem(pid))) throw new Response("Not Found", { status: 404 });
  const [edit, tags, t] = await Promise.all([getProblemForEdit(pid), listTags(), getT(request, "admin-problem")]);
  return json({
    pid,
    author: edit.problem.author,
    draft: draftFromProblem(edit),
    tags: tags.map((x) => ({ id: x._id, name: x.name, color: x.color })),
    pageTitle: t("edit.title", { id: edit.problem.problemId }),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  return problemFormAction(request, user, pathId(params.problemId));
}

export default function EditProblem() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ProblemFormActionData | undefined;
  const { t } = useTranslation("admin-problem");
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{t("edit.title", { id: data.draft.problemId })}</h1>
        <div className="flex gap-3 text-sm">
          <Link to="/admin/problems">{t("edit.backToList")}</Link>
          <a href={withBase(`/admin/problem/testcase/${data.pid}`)}>{t("list.downloadCases")}</a>
        </div>
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
      />
    </div>
  );
}
