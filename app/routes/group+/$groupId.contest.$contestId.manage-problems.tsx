import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/admin-problem/ui";
import { groupContestAdminBase } from "~/http/group-content-page.server";
import { groupPageRefusal } from "~/http/group-page.server";
import { useTranslation } from "~/lib/translation";
import { ContestProblemManager } from "~/components/contest/ContestProblemManager";
import { contestProblemManagerRows, contestProblemsAction } from "~/http/contest-problems-page.server";

// A group contest's problems for its admins: add one from the public bank (by its number) or from
// the group's own problems (by display id), with display id, display title and balloon colour;
// change those; remove with confirmation. The services check each write against the contest's group.

export const handle = { i18n: ["group", "contest-admin", "admin-problem"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { gid, cid, cs } = await groupContestAdminBase(request, params);
  try {
    return json({ gid, cid, title: cs.contest.title, rows: await contestProblemManagerRows(cid) });
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, gid, admin, cid, cs } = await groupContestAdminBase(request, params);
  return contestProblemsAction(request, user, cs, { back: `/group/${gid}/contest/${cid}/manage-problems`, place: admin.manage, group: admin.manage });
}

export default function GroupContestProblems() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("contest-admin");
  const { t: tg } = useTranslation("group");
  const base = `/group/${data.gid}/contest/${data.cid}`;
  return (
    <ContestProblemManager
      wide={false}
      name="group-contest"
      title={<h2 className="text-lg font-semibold">{t("problems.title", { title: data.title })}</h2>}
      links={
        <>
          <Link to={`${base}/edit`} className={`${buttonClass} text-gray-800`}>
            {t("list.edit")}
          </Link>
          <Link to={`/group/${data.gid}/contest`} className={`${buttonClass} text-gray-800`}>
            {tg("content.contests")}
          </Link>
        </>
      }
      here={`${base}/manage-problems`}
      createTo={`${base}/create-problem`}
      pidLabel={tg("content.problemRef")}
      rows={data.rows}
      answer={answer}
      from={{ label: tg("content.from"), public: tg("content.fromPublic"), group: tg("content.fromGroup") }}
    />
  );
}
