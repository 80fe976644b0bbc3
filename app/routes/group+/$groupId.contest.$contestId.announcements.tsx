import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AnnouncementsAdmin } from "~/components/contest/AnnouncementsAdmin";
import { contestAnnouncementsAction, type AnnouncementsAnswer } from "~/http/contest-announcements.server";
import { groupContestAdminBase } from "~/http/group-content-page.server";
import { groupPageRefusal } from "~/http/group-page.server";
import { formatDateTime } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { listAnnouncementsForAdmin } from "~/services/contest/announcements.server";

// A group contest's announcements for its admins (the author, the group's root): write, change or
// hide, delete with confirmation; the same page as the site's admin one, in the group's scope.

export const handle = { i18n: ["group", "contest-admin", "admin-problem"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { gid, cid, cs } = await groupContestAdminBase(request, params);
  const contest = cs.contest;
  try {
    const list = await listAnnouncementsForAdmin(cs);
    return json({
      gid,
      cid,
      title: contest.title,
      rows: list.map((a) => ({ id: a._id, title: a.title, content: a.content, visible: a.visible, username: a.username, time: formatDateTime(a.gmtCreate) })),
    });
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { gid, cid, cs, admin } = await groupContestAdminBase(request, params);
  return contestAnnouncementsAction(request, cs, { place: admin.manage, here: `/group/${gid}/contest/${cid}/announcements` });
}

export default function GroupContestAnnouncements() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<AnnouncementsAnswer>();
  const { t } = useTranslation("contest-admin");
  const { t: tg } = useTranslation("group");
  return (
    <section className="rounded bg-white p-3 shadow-sm sm:p-5">
      <AnnouncementsAdmin
        title={t("announcements.title", { title: data.title })}
        rows={data.rows}
        here={`/group/${data.gid}/contest/${data.cid}/announcements`}
        back={{ to: `/group/${data.gid}/contest`, label: tg("content.contests") }}
        answer={answer}
      />
    </section>
  );
}
