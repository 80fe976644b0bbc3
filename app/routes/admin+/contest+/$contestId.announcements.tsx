import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AnnouncementsAdmin } from "~/components/contest/AnnouncementsAdmin";
import { formatDateTime } from "~/lib/format";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { contestAnnouncementsAction, type AnnouncementsAnswer } from "~/http/contest-announcements.server";
import { adminContestPageBase, contestPageRefusal } from "~/http/contest-page.server";
import { listAnnouncementsForAdmin } from "~/services/contest/announcements.server";
import { SITE } from "~/services/contest/scope.server";
import { getT } from "~/services/platform/i18n.server";

// A contest's announcements for its admins (spec section 2): write one, change it or hide it, delete
// with confirmation. Contest admins only (the services check).

export const handle = { i18n: ["contest-admin", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { cid, cs } = await adminContestPageBase(request, params);
  const contest = cs.contest;
  try {
    const [list, t] = await Promise.all([listAnnouncementsForAdmin(cs), getT(request, "contest-admin")]);
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
  const { cid, cs } = await adminContestPageBase(request, params);
  return contestAnnouncementsAction(request, cs, { place: SITE, here: `/admin/contest/${cid}/announcements` });
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
