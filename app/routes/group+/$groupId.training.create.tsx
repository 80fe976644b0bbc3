import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TrainingForm } from "~/components/training/TrainingForm";
import { groupAdminPageBase } from "~/http/group-content-page.server";
import { draftOf, trainingFormAction, type TrainingFormAnswer } from "~/http/training-form.server";
import { useTranslation } from "~/lib/translation";
import { groupTrainingCategories, newGroupCategory } from "~/services/group/content.server";

// A group admin creates a training in the group (spec section 2): the training form, with the
// site's and the group's categories, or a new category of the group named on the form.

export const handle = { i18n: ["group", "training-admin", "admin-problem"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { gid } = await groupAdminPageBase(request, params);
  const categories = await groupTrainingCategories(gid);
  return json({ draft: draftOf(null), categories: categories.map((c) => ({ id: c._id, name: c.name })) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, gid, admin } = await groupAdminPageBase(request, params);
  return trainingFormAction(request, user, { create: admin.create }, `/group/${gid}/training`, (name, color) => newGroupCategory(user, admin, name, color));
}

export default function GroupTrainingCreate() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as TrainingFormAnswer | undefined;
  const { t } = useTranslation("training-admin");
  return (
    <section className="space-y-3 rounded bg-white p-3 shadow-sm sm:p-5">
      <h2 className="text-lg font-semibold">{t("create.title")}</h2>
      <TrainingForm draft={answer?.draft ?? data.draft} errors={answer?.errors ?? {}} categories={data.categories} submitLabel={t("create.submit")} newCategory />
    </section>
  );
}
