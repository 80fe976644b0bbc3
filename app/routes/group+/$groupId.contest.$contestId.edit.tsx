import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/admin-problem/ui";
import { ContestForm } from "~/components/contest/ContestForm";
import { contestDraftOf, contestFormAction, type ContestFormAnswer } from "~/http/contest-form.server";
import { groupContestAdminBase } from "~/http/group-content-page.server";
import { useTranslation } from "~/lib/translation";
import { ruleChoices } from "~/services/contest/rules/index.server";

// Editing a group's contest: its author, the group's root or a super admin (a contest of another
// group is not found here). The rule stays what it was created with.

export const handle = { i18n: ["group", "contest-admin", "admin-problem"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { gid, cid, cs } = await groupContestAdminBase(request, params);
  return json({ gid, cid, draft: contestDraftOf(cs.contest), rules: ruleChoices() });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, gid, cs } = await groupContestAdminBase(request, params);
  return contestFormAction(request, user, { edit: cs }, () => `/group/${gid}/contest`);
}

export default function GroupContestEdit() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ContestFormAnswer | undefined;
  const { t } = useTranslation("contest-admin");
  const base = `/group/${data.gid}/contest/${data.cid}`;
  return (
    <section className="space-y-3 rounded bg-white p-3 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">{t("edit.title", { id: data.cid })}</h2>
        <Link to={`${base}/manage-problems`} className={`${buttonClass} text-gray-800`}>
          {t("list.problems")}
        </Link>
        <Link to={`${base}/announcements`} className={`${buttonClass} text-gray-800`}>
          {t("list.announcements")}
        </Link>
      </div>
      <ContestForm key={answer?.nonce ?? "initial"} mode="edit" draft={answer?.draft ?? data.draft} errors={answer?.errors ?? {}} rules={data.rules} />
    </section>
  );
}
