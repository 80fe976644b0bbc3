import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { ProblemForm } from "~/components/admin-problem/ProblemForm";
import { emptyDraft } from "~/lib/problem-draft";
import { pageTitle } from "~/lib/meta";
import { getT } from "~/services/platform/i18n.server";
import { requireAdmin } from "~/http/guards.server";
import { problemFormAction, type ProblemFormActionData } from "~/http/problem-form.server";
import { listTags } from "~/services/problem/tags.server";

export const handle = { i18n: ["admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [tags, t] = await Promise.all([listTags(), getT(request, "admin-problem")]);
  return json({ draft: emptyDraft(), tags: tags.map((x) => ({ id: x._id, name: x.name, color: x.color })), pageTitle: t("create.title") });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  return problemFormAction(request, user, null);
}

export default function CreateProblem() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ProblemFormActionData | undefined;
  const { t } = useTranslation("admin-problem");
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-4">
      <h1 className="text-xl font-semibold">{t("create.title")}</h1>
      <ProblemForm
        key={answer?.nonce ?? "initial"}
        mode="create"
        draft={answer?.draft ?? data.draft}
        errors={answer?.errors ?? {}}
        compileError={answer?.compileError ?? null}
        notice={answer?.notice ?? null}
        tags={data.tags}
      />
    </div>
  );
}
