import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/admin-problem/ui";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { ContestProblemManager } from "~/components/contest/ContestProblemManager";
import { contestProblemManagerRows, contestProblemsAction } from "~/http/contest-problems-page.server";
import { adminContestPageBase, contestPageRefusal } from "~/http/contest-page.server";
import { SITE } from "~/services/contest/scope.server";
import { getT } from "~/services/platform/i18n.server";

// A contest's problems for its admins (spec section 2): add one from the bank by its id (a new one
// made only for the contest is created on /admin/contest/{id}/problems/create), with display id,
// balloon colour and display title; change those; remove with confirmation. Contest admins only;
// the services check each write.

export const handle = { i18n: ["contest-admin", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cid, cs } = await adminContestPageBase(request, params);
  try {
    const [rows, t] = await Promise.all([contestProblemManagerRows(cid), getT(request, "contest-admin")]);
    return json({ cid, title: cs.contest.title, pageTitle: t("problems.title", { title: cs.contest.title }), rows });
  } catch (err) {
    throw contestPageRefusal(err);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, cid, cs } = await adminContestPageBase(request, params);
  return contestProblemsAction(request, user, cs, { back: `/admin/contest/${cid}/problems`, place: SITE });
}

export default function AdminContestProblems() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("contest-admin");
  return (
    <ContestProblemManager
      wide
      name="admin-contest"
      title={<h1 className="text-xl font-semibold">{data.pageTitle}</h1>}
      links={
        <>
          <Link to={`/admin/contest/${data.cid}/edit`} className={`${buttonClass} text-gray-800`}>
            {t("list.edit")}
          </Link>
          <Link to="/admin/contest" className={`${buttonClass} text-gray-800`}>
            {t("list.title")}
          </Link>
        </>
      }
      here={`/admin/contest/${data.cid}/problems`}
      createTo={`/admin/contest/${data.cid}/problems/create`}
      pidLabel={t("problems.pidOrId")}
      rows={data.rows}
      answer={answer}
    />
  );
}
