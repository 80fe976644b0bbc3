import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { ConfirmButton } from "~/components/community/ConfirmButton";
import { Pagination } from "~/components/ui/Pagination";
import { flash } from "~/http/flash.server";
import { requireUser } from "~/http/guards.server";
import { siteRedirect } from "~/http/paths.server";
import { formatDateTime, pageFrom } from "~/lib/format";
import { MESSAGE_PAGE_SIZE, MESSAGE_TYPES, type MessageType } from "~/lib/messages";
import { useTranslation } from "~/lib/translation";
import { shownMessages } from "~/http/community.server";
import { deleteMessages, listMessages, markMessagesRead } from "~/services/community/messages.server";

// One tab of the message centre: 6 messages a page (comments, replies, likes) or 8 (system, mine),
// newest first. The messages shown become read once the page is there (a POST the page sends
// itself; without JavaScript, the "mark as read" button); delete one or clear the tab, after a
// confirmation.

export const handle = { i18n: ["community"] };

function typeOf(raw: string | undefined): MessageType {
  if (raw && (MESSAGE_TYPES as readonly string[]).includes(raw)) return raw as MessageType;
  throw new Response("Not Found", { status: 404 });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const type = typeOf(params.type);
  const current = pageFrom(new URL(request.url).searchParams.get("currentPage"));
  const size = MESSAGE_PAGE_SIZE[type];
  const page = await listMessages(user._id, type, current, size, { markRead: false });
  return json({ type, current, size, total: page.total, records: await shownMessages(request, page.records) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const type = typeOf(params.type);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "read") {
    await markMessagesRead(user._id, type, form.getAll("ids").map(String));
    return json({ confirm: null });
  }
  if (intent === "delete" || intent === "clean") {
    const id = intent === "delete" ? String(form.get("id") ?? "") : undefined;
    if (form.get("confirmed") !== "1") return json({ confirm: { intent, id: id ?? null } });
    await deleteMessages(user._id, type, id);
    const cookie = await flash(request, { type: "success", key: "community:flash.deleted" });
    return siteRedirect(`/message/${type}`, { headers: { "Set-Cookie": cookie } });
  }
  throw new Response("Bad Request", { status: 400 });
}

export default function MessageTab() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("community");
  const reader = useFetcher();
  const unreadIds = data.records.filter((m) => !m.state).map((m) => m.id);
  const unreadKey = unreadIds.join(",");
  useEffect(() => {
    if (!unreadKey) return;
    const body = new FormData();
    body.set("intent", "read");
    for (const id of unreadKey.split(",")) body.append("ids", id);
    reader.submit(body, { method: "post" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per list shown
  }, [unreadKey]);
  const small = "rounded px-2 py-0.5 text-xs underline-offset-2 hover:underline focus:outline-none focus:ring-2 focus:ring-blue-700";
  return (
    <section className="rounded bg-white p-3 shadow-sm sm:p-5" data-testid="message-list">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-lg font-semibold">{t(`messages.title.${data.type}`)}</h1>
        <div className="flex gap-2">
          {unreadIds.length > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="read" />
              {unreadIds.map((id) => (
                <input key={id} type="hidden" name="ids" value={id} />
              ))}
              <button type="submit" className="rounded border px-3 py-1 text-sm text-gray-800">
                {t("messages.markRead")}
              </button>
            </Form>
          ) : null}
          {data.total > 0 ? (
            <Form method="post">
              <ConfirmButton value="clean" message={t("messages.confirmClean")} className="rounded border border-red-700 px-3 py-1 text-sm text-red-700">
                {t("messages.clean")}
              </ConfirmButton>
            </Form>
          ) : null}
        </div>
      </div>
      {answer?.confirm ? (
        <Form method="post" className="mb-3 flex flex-wrap items-center gap-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="confirm-message">
          <span>{answer.confirm.intent === "clean" ? t("messages.confirmClean") : t("messages.confirmDelete")}</span>
          {answer.confirm.id ? <input type="hidden" name="id" value={answer.confirm.id} /> : null}
          <input type="hidden" name="confirmed" value="1" />
          <button type="submit" name="intent" value={answer.confirm.intent} className="rounded border border-red-700 px-3 py-1 text-red-700">
            {t("comments.delete")}
          </button>
          <Link to={`/message/${data.type}`}>{t("comments.cancel")}</Link>
        </Form>
      ) : null}
      {data.records.length === 0 ? (
        <p className="py-8 text-center text-gray-700">{t("messages.empty")}</p>
      ) : (
        <ul className="divide-y">
          {data.records.map((m) => (
            <li key={m.id} className="flex gap-3 py-3" data-testid="message">
              <span aria-hidden="true" className={`mt-2 h-2 w-2 shrink-0 rounded-full ${m.state ? "bg-transparent" : "bg-red-700"}`} />
              <div className="min-w-0 flex-1 space-y-1 text-sm">
                <p>
                  {!m.state ? <span className="sr-only">{t("messages.unreadMark")} </span> : null}
                  {m.title && m.url ? (
                    <Link to={m.url} className="font-medium text-blue-800 underline">
                      {m.title}
                    </Link>
                  ) : m.title || m.action === "Delete_Discussion" ? (
                    <span className="font-medium">{m.action === "Delete_Discussion" ? t("messages.discussionDeleted", { title: m.title }) : m.title}</span>
                  ) : (
                    <>
                      <Link to={`/user-home?username=${encodeURIComponent(m.senderUsername)}`} className="font-medium text-blue-800 underline">
                        {m.senderUsername}
                      </Link>{" "}
                      {t(`messages.action.${m.action}`, { source: m.sourceTitle })}{" "}
                      {m.url ? (
                        <Link to={m.url} className="text-blue-800 underline">
                          {m.sourceTitle}
                        </Link>
                      ) : (
                        m.sourceTitle
                      )}
                    </>
                  )}
                </p>
                {m.content ? <p className="whitespace-pre-wrap text-gray-800">{m.content}</p> : null}
                {m.sourceContent ? <p className="break-words rounded bg-gray-50 p-2 text-gray-800">{m.sourceContent}</p> : null}
                {m.quoteContent ? <p className="break-words border-l-4 border-gray-300 pl-2 text-gray-700">{m.quoteContent}</p> : null}
                <div className="flex items-center gap-3 text-xs text-gray-700">
                  <span>{formatDateTime(m.gmtCreate)}</span>
                  <Form method="post">
                    <input type="hidden" name="id" value={m.id} />
                    <ConfirmButton value="delete" message={t("messages.confirmDelete")} className={`${small} text-red-700`}>
                      {t("comments.delete")}
                    </ConfirmButton>
                  </Form>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination total={data.total} size={data.size} current={data.current} href={(p) => `/message/${data.type}${p > 1 ? `?currentPage=${p}` : ""}`} />
    </section>
  );
}
