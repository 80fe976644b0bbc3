import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/admin-problem/ui";
import { ContestForm } from "~/components/contest/ContestForm";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { contestDraftOf, contestFormAction, type ContestFormAnswer } from "~/http/contest-form.server";
import { adminContestPageBase, contestPageRefusal } from "~/http/contest-page.server";
import { getT } from "~/services/platform/i18n.server";
import { ruleChoices } from "~/services/contest/rules/index.server";

// Editing a contest (spec section 5): the same form; the rule type stays what it was created with.
// Its admins only (super admin or its author).

export const handle = { i18n: ["contest-admin", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cid, cs } = await adminContestPageBase(request, params);
  const contest = cs.contest;
  try {
    const t = await getT(request, "contest-admin");
    return json({ cid, draft: contestDraftOf(contest), rules: ruleChoices(), pageTitle: t("edit.title", { id: cid }) });
  } catch (err) {
    throw contestPageRefusal(err);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, cs } = await adminContestPageBase(request, params);
  return contestFormAction(request, user, { edit: cs }, () => "/admin/contest");
}

export default function EditContest() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ContestFormAnswer | undefined;
  const { t } = useTranslation("contest-admin");
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{t("edit.title", { id: data.cid })}</h1>
        <Link to={`/admin/contest/${data.cid}/problems`} className={`${buttonClass} text-gray-800`}>
          {t("list.problems")}
        </Link>
        <Link to={`/admin/contest/${data.cid}/announcements`} className={`${buttonClass} text-gray-800`}>
          {t("list.announcements")}
        </Link>
      </div>
      <ContestForm key={answer?.nonce ?? "initial"} mode="edit" draft={answer?.draft ?? data.draft} errors={answer?.errors ?? {}} rules={data.rules} />
    </div>
  );
}
