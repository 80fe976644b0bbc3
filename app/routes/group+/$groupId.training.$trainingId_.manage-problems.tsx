import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/admin-problem/ui";
import { groupPageRefusal } from "~/http/group-page.server";
import { useTranslation } from "~/lib/translation";
import { TrainingProblemManager } from "~/components/training/TrainingProblemManager";
import { trainingProblemManagerRows, trainingProblemsAction } from "~/http/training-problems-page.server";
import { groupTrainingAdminBase } from "~/http/group-content-page.server";

// A group training's problems for its admins: add one from the public bank or from the group's own
// problems, by id or display id; remove with confirmation (a dialog with JavaScript, the server's
// step without). The services check every write against the training's group.

export const handle = { i18n: ["group", "training-admin", "admin-problem"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { gid, tid, ts } = await groupTrainingAdminBase(request, params);
  try {
    return json({ gid, tid, title: ts.training.title, rows: await trainingProblemManagerRows(tid) });
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { gid, tid, ts } = await groupTrainingAdminBase(request, params);
  return trainingProblemsAction(request, ts, { back: `/group/${gid}/training/${tid}/manage-problems`, fromGroup: true });
}

export default function GroupTrainingProblems() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("training-admin");
  const { t: tg } = useTranslation("group");
  return (
    <TrainingProblemManager
      wide={false}
      name="group-training"
      title={<h2 className="text-lg font-semibold">{t("problems.title", { title: data.title })}</h2>}
      links={
        <>
          <Link to={`/group/${data.gid}/training/${data.tid}/edit`} className={`${buttonClass} text-gray-800`}>
            {t("list.edit")}
          </Link>
          <Link to={`/group/${data.gid}/training`} className={`${buttonClass} text-gray-800`}>
            {tg("content.trainings")}
          </Link>
        </>
      }
      here={`/group/${data.gid}/training/${data.tid}/manage-problems`}
      rows={data.rows}
      answer={answer}
      from={{ label: tg("content.from"), public: tg("content.fromPublic"), group: tg("content.fromGroup") }}
    />
  );
}
