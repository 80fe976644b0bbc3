import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContestForm } from "~/components/contest/ContestForm";
import { contestFormAction, type ContestFormAnswer } from "~/http/contest-form.server";
import { groupAdminPageBase } from "~/http/group-content-page.server";
import { emptyContestDraft } from "~/lib/contest-draft";
import { useTranslation } from "~/lib/translation";
import { ruleChoices } from "~/services/contest/rules/index.server";

// A group admin creates a contest in the group: the contest form; then its problems.

export const handle = { i18n: ["group", "contest-admin", "admin-problem"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await groupAdminPageBase(request, params);
  return json({ draft: emptyContestDraft(), rules: ruleChoices() });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, gid, admin } = await groupAdminPageBase(request, params);
  return contestFormAction(request, user, { create: admin.create }, (cid) => `/group/${gid}/contest/${cid}/manage-problems`);
}

export default function GroupContestCreate() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ContestFormAnswer | undefined;
  const { t } = useTranslation("contest-admin");
  return (
    <section className="space-y-3 rounded bg-white p-3 shadow-sm sm:p-5">
      <h2 className="text-lg font-semibold">{t("create.title")}</h2>
      <ContestForm key={answer?.nonce ?? "initial"} mode="create" draft={answer?.draft ?? data.draft} errors={answer?.errors ?? {}} rules={data.rules} />
    </section>
  );
}
