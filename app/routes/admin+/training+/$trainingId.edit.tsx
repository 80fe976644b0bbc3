import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/admin-problem/ui";
import { TrainingForm } from "~/components/training/TrainingForm";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { draftOf, trainingFormAction, type TrainingFormAnswer } from "~/http/training-form.server";
import { trainingPageRefusal } from "~/http/training-page.server";
import { getT } from "~/services/platform/i18n.server";
import { listCategories } from "~/services/training/categories.server";
import { adminTrainingPageBase } from "~/http/training-page.server";
import { SITE } from "~/services/training/scope.server";

// Editing a training (its admins: a super admin or its author).

export const handle = { i18n: ["training-admin", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tid, ts } = await adminTrainingPageBase(request, params);
  const training = ts.training;
  try {
    const [categories, t] = await Promise.all([listCategories(SITE), getT(request, "training-admin")]);
    return json({ tid, draft: draftOf(training), pageTitle: t("edit.title", { title: training.title }), categories: categories.map((c) => ({ id: c._id, name: c.name })) });
  } catch (err) {
    throw trainingPageRefusal(err);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, ts } = await adminTrainingPageBase(request, params);
  return trainingFormAction(request, user, { edit: ts }, "/admin/training");
}

export default function EditTraining() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as TrainingFormAnswer | undefined;
  const { t } = useTranslation("training-admin");
  return (
    <div className="mx-auto max-w-5xl space-y-4 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{data.pageTitle}</h1>
        <Link to={`/admin/training/${data.tid}/problems`} className={`${buttonClass} text-gray-800`}>
          {t("list.problems")}
        </Link>
      </div>
      <TrainingForm draft={answer?.draft ?? data.draft} errors={answer?.errors ?? {}} categories={data.categories} submitLabel={t("edit.submit")} />
    </div>
  );
}
