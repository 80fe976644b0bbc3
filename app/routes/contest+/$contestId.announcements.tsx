import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { formatDateTime } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { contestPageBase, contestPageRefusal } from "~/http/contest-page.server";
import { siteRedirect } from "~/http/paths.server";
import { listAnnouncements, markAnnouncementsRead, unreadAnnouncements } from "~/services/contest/announcements.server";
import { renderMarkdownCached } from "~/services/platform/markdown.server";

// The contest's announcements (spec section 2): newest first, the unread ones marked. A GET changes
// no state, so with JavaScript the page, once shown, posts that the ones it showed were read (the
// frame's badge goes; this view keeps their "new" marks); without it, "Mark as read" is the POST.
// The contest's frame asks this page every 60 s for the unread count (with JavaScript).

export const handle = { i18n: ["contest-page", "contest"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await contestPageBase(request, params);
  try {
    const [list, unread] = await Promise.all([listAnnouncements(base.cs), unreadAnnouncements(base.cs, [])]);
    const unreadIds = new Set(unread.map((a) => a._id));
    return json({
      cid: base.cid,
      unread: unread.length,
      records: list.map((a) => ({
        id: a._id,
        title: a.title,
        html: renderMarkdownCached(a.content),
        username: a.username,
        visible: a.visible,
        unread: unreadIds.has(a._id),
        time: formatDateTime(a.gmtCreate),
      })),
    });
  } catch (err) {
    throw contestPageRefusal(err);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const base = await contestPageBase(request, params);
  const form = await request.formData();
  try {
    const unread = await unreadAnnouncements(base.cs, []);
    // Shown on the page: only those it showed (one published meanwhile stays new).
    const shown = new Set(form.getAll("id").map(Number));
    const ids = unread.map((a) => a._id).filter((id) => form.get("intent") !== "seen" || shown.has(id));
    await markAnnouncementsRead(base.cs, ids);
  } catch (err) {
    throw contestPageRefusal(err);
  }
  if (form.get("intent") === "seen") return json({ ok: true });
  return siteRedirect(`/contest/${base.cid}/announcements`);
}

export default function ContestAnnouncements() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("contest-page");
  // What was new when the page was opened stays marked while it is shown.
  const [shownNew] = useState(() => new Set(data.records.filter((a) => a.unread).map((a) => a.id)));
  const seen = useFetcher();
  const { submit } = seen;
  useEffect(() => {
    if (shownNew.size === 0) return;
    const form = new FormData();
    form.set("intent", "seen");
    for (const id of shownNew) form.append("id", String(id));
    submit(form, { method: "post" });
  }, [shownNew, submit]);
  return (
    <section className="space-y-3 rounded bg-white p-3 shadow-sm sm:p-5" data-testid="contest-announcements">
      {data.unread > 0 && seen.state === "idle" && !seen.data ? (
        <Form method="post" className="flex items-center gap-3">
          <span className="text-sm text-gray-800">{t("announcements.unreadCount", { count: data.unread })}</span>
          <button type="submit" className="rounded border border-blue-700 px-3 py-1 text-sm text-blue-700">
            {t("announcements.markRead")}
          </button>
        </Form>
      ) : null}
      {data.records.length === 0 ? <p className="text-center text-gray-700">{t("announcements.empty")}</p> : null}
      {data.records.map((a) => (
        <article key={a.id} className={`rounded border p-3 ${a.unread || shownNew.has(a.id) ? "border-amber-400" : ""}`} data-testid="announcement">
          <h2 className="flex flex-wrap items-center gap-2 font-semibold">
            {a.title}
            {a.unread || shownNew.has(a.id) ? <span className="rounded bg-amber-700 px-1.5 text-xs text-white">{t("announcements.new")}</span> : null}
            {!a.visible ? <span className="rounded border px-1.5 text-xs text-gray-700">{t("announcements.hidden")}</span> : null}
          </h2>
          <p className="text-xs text-gray-700">
            {a.username} · {a.time}
          </p>
          <div className="statement prose-sm mt-2 break-words" dangerouslySetInnerHTML={{ __html: a.html }} />
        </article>
      ))}
    </section>
  );
}
