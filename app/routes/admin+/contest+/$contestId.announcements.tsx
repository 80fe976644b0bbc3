import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AnnouncementsAdmin } from "~/components/contest/AnnouncementsAdmin";
import { formatDateTime } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { contestAnnouncementsAction, type AnnouncementsAnswer } from "~/http/contest-announcements.server";
import { contestPageRefusal } from "~/http/contest-page.server";
import { requireAdmin } from "~/http/guards.server";
import { pathId } from "~/http/ids.server";
import { listAnnouncementsForAdmin } from "~/services/contest/announcements.server";
import { loadContest } from "~/services/contest/contests.server";
import { getT } from "~/services/platform/i18n.server";

// A contest's announcements for its admins (spec section 2): write one, change it or hide it, delete
// with confirmation. Contest admins only (the services check).

export const handle = { i18n: ["contest-admin", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const cid = pathId(params.contestId);
  try {
    const [list, contest, t] = await Promise.all([listAnnouncementsForAdmin(user, cid), loadContest(cid), getT(request, "contest-admin")]);
    return json({
      cid,
      pageTitle: t("announcements.title", { title: contest.title }),
      rows: list.map((a) => ({ id: a._id, title: a.title, content: a.content, visible: a.visible, username: a.username, time: formatDateTime(a.gmtCreate) })),
    });
  } catch (err) {
    throw contestPageRefusal(err);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const cid = pathId(params.contestId);
  return contestAnnouncementsAction(request, user, cid, { here: `/admin/contest/${cid}/announcements` });
}

export default function AdminContestAnnouncements() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<AnnouncementsAnswer>();
  const { t } = useTranslation("contest-admin");
  return (
    <div className="mx-auto max-w-5xl p-4">
      <AnnouncementsAdmin title={data.pageTitle} rows={data.rows} here={`/admin/contest/${data.cid}/announcements`} back={{ to: "/admin/contest", label: t("list.title") }} answer={answer} />
    </div>
  );
}
