import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/admin-problem/ui";
import { TrainingForm } from "~/components/training/TrainingForm";
import { groupPageRefusal } from "~/http/group-page.server";
import { draftOf, trainingFormAction, type TrainingFormAnswer } from "~/http/training-form.server";
import { useTranslation } from "~/lib/translation";
import { groupTrainingCategories, newGroupCategory } from "~/services/group/content.server";
import { groupTrainingAdminBase } from "~/http/group-content-page.server";

// Editing a group's training: its author, the group's root or a super admin (a training of
// another group is not found here).

export const handle = { i18n: ["group", "training-admin", "admin-problem"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { gid, tid, ts } = await groupTrainingAdminBase(request, params);
  const training = ts.training;
  try {
    const categories = await groupTrainingCategories(gid);
    return json({ gid, tid, title: training.title, draft: draftOf(training), categories: categories.map((c) => ({ id: c._id, name: c.name })) });
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, gid, admin, ts } = await groupTrainingAdminBase(request, params);
  return trainingFormAction(request, user, { edit: ts }, `/group/${gid}/training`, (name, color) => newGroupCategory(user, admin, name, color));
}

export default function GroupTrainingEdit() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as TrainingFormAnswer | undefined;
  const { t } = useTranslation("training-admin");
  return (
    <section className="space-y-3 rounded bg-white p-3 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold">{t("edit.title", { title: data.title })}</h2>
        <Link to={`/group/${data.gid}/training/${data.tid}/manage-problems`} className={`${buttonClass} text-gray-800`}>
          {t("list.problems")}
        </Link>
      </div>
      <TrainingForm draft={answer?.draft ?? data.draft} errors={answer?.errors ?? {}} categories={data.categories} submitLabel={t("edit.submit")} newCategory />
    </section>
  );
}
