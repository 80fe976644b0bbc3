import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/admin-problem/ui";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { TrainingProblemManager } from "~/components/training/TrainingProblemManager";
import { trainingProblemManagerRows, trainingProblemsAction } from "~/http/training-problems-page.server";
import { trainingPageRefusal } from "~/http/training-page.server";
import { getT } from "~/services/platform/i18n.server";
import { adminTrainingPageBase } from "~/http/training-page.server";

// A training's problems for its admins (spec section 2): add one from the public bank by its id or
// display id; remove with confirmation (a dialog with JavaScript, the server's step without).

export const handle = { i18n: ["training-admin", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { tid, ts } = await adminTrainingPageBase(request, params);
  try {
    const [rows, t] = await Promise.all([trainingProblemManagerRows(tid), getT(request, "training-admin")]);
    return json({ tid, pageTitle: t("problems.title", { title: ts.training.title }), rows });
  } catch (err) {
    throw trainingPageRefusal(err);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { tid, ts } = await adminTrainingPageBase(request, params);
  return trainingProblemsAction(request, ts, { back: `/admin/training/${tid}/problems`, fromGroup: false });
}

export default function AdminTrainingProblems() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("training-admin");
  return (
    <TrainingProblemManager
      wide
      name="admin-training"
      title={<h1 className="text-xl font-semibold">{data.pageTitle}</h1>}
      links={
        <>
          <Link to={`/admin/training/${data.tid}/edit`} className={`${buttonClass} text-gray-800`}>
            {t("list.edit")}
          </Link>
          <Link to="/admin/training" className={`${buttonClass} text-gray-800`}>
            {t("list.title")}
          </Link>
        </>
      }
      here={`/admin/training/${data.tid}/problems`}
      rows={data.rows}
      answer={answer}
    />
  );
}
