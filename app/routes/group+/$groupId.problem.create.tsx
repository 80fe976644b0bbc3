import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ProblemForm } from "~/components/admin-problem/ProblemForm";
import { Notice } from "~/components/admin-problem/ui";
import { asProblemFormRefusal, groupAdminPageBase } from "~/http/group-problem-page.server";
import { problemFormAction, type ProblemFormActionData } from "~/http/problem-form.server";
import { GROUP_PROBLEM_AUTH_CHOICES } from "~/lib/group-problem";
import { pageTitle } from "~/lib/meta";
import { emptyDraft } from "~/lib/problem-draft";
import { useTranslation } from "~/lib/translation";
import { createGroupProblem } from "~/services/group/problems.server";
import { getT } from "~/services/platform/i18n.server";
import { listTags } from "~/services/problem/tags.server";

// A new problem of the group (its admins; spec section 2 "admin screens for group problems (full
// problem editor)"): the bank's problem form, public to the group's members or private to its
// admins, its display id prefixed with the group's short name in upper case.

export const handle = { i18n: ["admin-problem", "group", "group-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { view } = await groupAdminPageBase(request, params);
  const [tags, t] = await Promise.all([listTags(), getT(request, "group-problem")]);
  return json({
    gid: view.group._id,
    prefix: view.group.shortName.toUpperCase(),
    draft: emptyDraft(),
    tags: tags.map((x) => ({ id: x._id, name: x.name, color: x.color })),
    pageTitle: t("createTitle"),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, gid } = await groupAdminPageBase(request, params);
  return problemFormAction(request, user, null, {
    extraFields: [],
    doneTo: `/group/${gid}/problem`,
    flashKey: "group-problem:flash.created",
    save: (input) => asProblemFormRefusal(() => createGroupProblem(user, gid, input)).then(() => undefined),
  });
}

export default function CreateGroupProblem() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ProblemFormActionData | undefined;
  const { t } = useTranslation(["group-problem", "admin-problem"]);
  return (
    <div className="space-y-4 rounded bg-white p-3 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">{t("createTitle")}</h2>
        <Link to={`/group/${data.gid}/problem`} className="text-sm text-blue-700 underline">
          {t("backToList")}
        </Link>
      </div>
      <Notice kind="info">{t("prefixHint", { prefix: data.prefix })}</Notice>
      <ProblemForm
        key={answer?.nonce ?? "initial"}
        mode="create"
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
