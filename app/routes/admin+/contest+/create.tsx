import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContestForm } from "~/components/contest/ContestForm";
import { emptyContestDraft } from "~/lib/contest-draft";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { contestFormAction, type ContestFormAnswer } from "~/http/contest-form.server";
import { requireAdmin } from "~/http/guards.server";
import { SITE } from "~/services/contest/scope.server";
import { getT } from "~/services/platform/i18n.server";
import { ruleChoices } from "~/services/contest/rules/index.server";

// Creating a contest (spec section 5): every field, validated by the service's schema; an error
// shows the form again with what was typed and stores nothing.

export const handle = { i18n: ["contest-admin", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = await getT(request, "contest-admin");
  return json({ draft: emptyContestDraft(), rules: ruleChoices(), pageTitle: t("create.title") });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  return contestFormAction(request, user, { create: SITE }, (cid) => `/admin/contest/${cid}/problems`);
}

export default function CreateContest() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ContestFormAnswer | undefined;
  const { t } = useTranslation("contest-admin");
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-4">
      <h1 className="text-xl font-semibold">{t("create.title")}</h1>
      <ContestForm key={answer?.nonce ?? "initial"} mode="create" draft={answer?.draft ?? data.draft} errors={answer?.errors ?? {}} rules={data.rules} />
    </div>
  );
}
