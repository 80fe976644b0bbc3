import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TrainingForm } from "~/components/training/TrainingForm";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { requireAdmin } from "~/http/guards.server";
import { siteRedirect } from "~/http/paths.server";
import { draftOf, trainingFormAction, type TrainingFormAnswer } from "~/http/training-form.server";
import { getT } from "~/services/platform/i18n.server";
import { listCategories } from "~/services/training/categories.server";
import { SITE } from "~/services/training/scope.server";

// Creating a training (spec section 5). A training needs a category: with none yet, the page sends
// the admin to the categories with the warning (spec section 8).

export const handle = { i18n: ["training-admin", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const categories = await listCategories(SITE);
  if (categories.length === 0) throw siteRedirect("/admin/training/category?notice=noTrainingCategory");
  const t = await getT(request, "training-admin");
  return json({ draft: draftOf(null), pageTitle: t("create.title"), categories: categories.map((c) => ({ id: c._id, name: c.name })) });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  return trainingFormAction(request, user, { create: SITE }, "/admin/training");
}

export default function CreateTraining() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as TrainingFormAnswer | undefined;
  const { t } = useTranslation("training-admin");
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-4">
      <h1 className="text-xl font-semibold">{t("create.title")}</h1>
      <TrainingForm draft={answer?.draft ?? data.draft} errors={answer?.errors ?? {}} categories={data.categories} submitLabel={t("create.submit")} />
    </div>
  );
}
