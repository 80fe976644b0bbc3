import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DifficultyTag } from "~/components/problem/DifficultyTag";
import { chipStyle } from "~/lib/contrast";
import { JudgeStatus } from "~/lib/constants";
import { acRate } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { EntryRefusal } from "~/components/training/EntryRefusal";
import { trainingEntryRefusalText, trainingPageBase } from "~/http/training-page.server";
import { trainingProblemList } from "~/services/training/problems.server";

// A training's problem list (spec section 3 "Training problem"): the viewer's status, display id,
// title, difficulty, tags, AC / total and rate. A private training's list needs the registration.

export const handle = { i18n: ["training", "problem"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await trainingPageBase(request, params);
  try {
    const rows = await trainingProblemList(base.ts);
    return json({ base: base.base, rows, refusal: null as string | null });
  } catch (err) {
    return json({ base: base.base, rows: [], refusal: await trainingEntryRefusalText(request, err) }, { status: 403 });
  }
}

function StatusMark({ status }: { status: number }) {
  const { t } = useTranslation("training");
  if (status === JudgeStatus.NOT_SUBMITTED) return <span className="sr-only">{t("problems.notTried")}</span>;
  if (status === JudgeStatus.ACCEPTED)
    return (
      <span className="font-bold text-green-800" title={t("problems.solved")} data-testid="problem-solved">
        ✓<span className="sr-only">{t("problems.solved")}</span>
      </span>
    );
  return (
    <span className="font-bold text-red-800" title={t("problems.tried")}>
      ✗<span className="sr-only">{t("problems.tried")}</span>
    </span>
  );
}

export default function TrainingProblems() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["training", "problem"]);
  if (data.refusal) return <EntryRefusal base={data.base} message={data.refusal} />;
  return (
    <section className="overflow-x-auto rounded bg-white p-3 shadow-sm sm:p-5 focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
      <table className="w-full text-sm" data-testid="training-problems">
        <thead>
          <tr className="border-b text-left text-gray-700">
            <th className="w-10 px-2 py-2">
              <span className="sr-only">{t("problems.status")}</span>
            </th>
            <th className="px-2 py-2">{t("problems.id")}</th>
            <th className="px-2 py-2">{t("problems.title")}</th>
            <th className="px-2 py-2">{t("problems.difficulty")}</th>
            <th className="px-2 py-2">{t("problems.tags")}</th>
            <th className="px-2 py-2">AC / Total</th>
            <th className="px-2 py-2">{t("problems.rate")}</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((p) => (
            <tr key={p.pid} className="border-b" data-testid="training-problem" data-problem-id={p.problemId} data-status={p.myStatus}>
              <td className="px-2 py-1 text-center">
                <StatusMark status={p.myStatus} />
              </td>
              <td className="px-2 py-1">
                <Link to={`${data.base}/problem/${encodeURIComponent(p.problemId)}`} className="text-blue-700 underline">
                  {p.problemId}
                </Link>
              </td>
              <td className="px-2 py-1">
                <Link to={`${data.base}/problem/${encodeURIComponent(p.problemId)}`} className="text-blue-700 hover:underline">
                  {p.title}
                </Link>
              </td>
              <td className="px-2 py-1">
                <DifficultyTag difficulty={p.difficulty} />
              </td>
              <td className="px-2 py-1">
                <span className="flex flex-wrap gap-1">
                  {p.tags.map((tag) => (
                    <span key={tag.id} className="rounded px-1.5 text-xs" style={chipStyle(tag.color || "#e5e7eb")}>
                      {tag.name}
                    </span>
                  ))}
                </span>
              </td>
              <td className="px-2 py-1">
                {p.ac} / {p.total}
              </td>
              <td className="px-2 py-1">{acRate(p.ac, p.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.rows.length === 0 ? <p className="py-4 text-center text-gray-700">{t("problems.empty")}</p> : null}
    </section>
  );
}
