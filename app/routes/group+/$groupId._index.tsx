import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmButton } from "~/components/community/ConfirmButton";
import { flash } from "~/http/flash.server";
import { formAttempt, groupPageBase } from "~/http/group-page.server";
import { requireUser } from "~/http/guards.server";
import { siteRedirect } from "~/http/paths.server";
import { GROUP_LIMITS, GroupAuth, MemberAuth } from "~/lib/group";
import { formatDateTime } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { listGroupAnnouncements } from "~/services/group/announcements.server";
import { deleteGroup } from "~/services/group/groups.server";
import { applySchema, applyToGroup, leaveGroup } from "~/services/group/members.server";
import { getT } from "~/services/platform/i18n.server";
import { renderMarkdownCached } from "~/services/platform/markdown.server";

// A group's home: its description, and the viewer's way in or out (spec section 6 "Group apply"):
// a public group is joined at once; a protected one takes a reason, a private one its invitation
// code too; an applicant sees "Applying", a refused one "Refused"; a member may exit, the owner or a
// super admin disband the group, each after a confirmation.

export const handle = { i18n: ["group", "group-activity"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { view, user } = await groupPageBase(request, params);
  return json({
    gid: view.group._id,
    auth: view.group.auth,
    html: renderMarkdownCached(view.group.description),
    signedIn: !!user,
    level: view.level,
    memberAuth: view.ctx.memberAuth,
    mayLeave: view.mayLeave,
    mayDelete: view.mayDelete,
    announcements: view.isMember ? (await listGroupAnnouncements(user, view.group._id, { currentPage: 1, limit: 5 })).records : [],
  });
}

type Answer = { error?: string; confirm?: "exit" | "disband" };

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request);
  const { user, gid } = await groupPageBase(request, params);
  const t = await getT(request, ["group", "common"]);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "apply") {
    const input = applySchema.parse({ code: String(form.get("code") ?? ""), reason: String(form.get("reason") ?? "") });
    const done = await formAttempt(t, () => applyToGroup(user!, gid, input));
    if (!done.ok) return done.response;
    const cookie = await flash(request, { type: "success", key: done.value.auth === MemberAuth.MEMBER ? "group:flash.joined" : "group:flash.applied" });
    return siteRedirect(`/group/${gid}`, { headers: { "Set-Cookie": cookie } });
  }
  if (intent === "exit" || intent === "disband") {
    if (form.get("confirmed") !== "1") return json<Answer>({ confirm: intent });
    const done = await formAttempt(t, () => (intent === "exit" ? leaveGroup(user!, gid) : deleteGroup(user!, gid)));
    if (!done.ok) return done.response;
    const cookie = await flash(request, { type: "success", key: intent === "exit" ? "group:flash.left" : "group:flash.deleted" });
    return siteRedirect(intent === "exit" ? `/group/${gid}` : "/group", { headers: { "Set-Cookie": cookie } });
  }
  return json<Answer>({ error: t("common:errors.badRequest") }, { status: 400 });
}

export default function GroupHome() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const { t } = useTranslation("group");
  const { t: ta } = useTranslation("group-activity");
  const btn = "rounded border px-3 py-1 text-sm";
  return (
    <section className="rounded bg-white p-3 shadow-sm sm:p-5" data-testid="group-home">
      <div className="mb-4 flex flex-wrap items-start gap-3" data-testid="group-membership">
        {!data.signedIn ? (
          <Link to="/login" data-auth="login" className="text-blue-700 underline">
            {t("home.loginToJoin")}
          </Link>
        ) : data.level === 0 ? (
          <Form method="post" className="flex flex-wrap items-end gap-2 rounded border border-blue-200 bg-blue-50 p-3" data-testid="group-apply-form">
            {data.auth === GroupAuth.PRIVATE ? (
              <label className="flex flex-col text-sm text-gray-800">
                {t("home.code")}
                <input name="code" maxLength={GROUP_LIMITS.codeLength} required autoComplete="off" className="mt-1 w-32 rounded border px-2 py-1 text-sm" />
              </label>
            ) : null}
            {data.auth !== GroupAuth.PUBLIC ? (
              <label className="flex flex-col text-sm text-gray-800">
                {t("home.reason")}
                <input name="reason" minLength={GROUP_LIMITS.reasonMin} maxLength={GROUP_LIMITS.reasonMax} required className="mt-1 w-72 max-w-full rounded border px-2 py-1 text-sm" />
              </label>
            ) : null}
            <button type="submit" name="intent" value="apply" className="rounded bg-blue-700 px-3 py-1 text-sm text-white">
              {data.auth === GroupAuth.PUBLIC ? t("home.join") : t("home.apply")}
            </button>
          </Form>
        ) : data.level === MemberAuth.APPLYING ? (
          <span className={`${btn} text-gray-700`} data-testid="group-applying">
            {t("home.applying")}
          </span>
        ) : data.level === MemberAuth.REFUSED ? (
          <span className={`${btn} border-red-700 text-red-800`} data-testid="group-refused">
            {t("home.refused")}
          </span>
        ) : null}
        {data.mayLeave ? (
          <Form method="post">
            <ConfirmButton value="exit" message={t("home.confirmExit")} className={`${btn} border-red-700 text-red-700`}>
              {t("home.exit")}
            </ConfirmButton>
          </Form>
        ) : null}
        {data.mayDelete ? (
          <Form method="post">
            <ConfirmButton value="disband" message={t("home.confirmDisband")} className={`${btn} border-red-700 text-red-700`}>
              {t("home.disband")}
            </ConfirmButton>
          </Form>
        ) : null}
      </div>
      {answer?.error ? (
        <p role="alert" className="mb-3 text-sm text-red-700" data-testid="group-error">
          {answer.error}
        </p>
      ) : null}
      {answer?.confirm ? (
        <Form method="post" className="mb-3 flex flex-wrap items-center gap-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="group-confirm">
          <span>{answer.confirm === "exit" ? t("home.confirmExit") : t("home.confirmDisband")}</span>
          <input type="hidden" name="confirmed" value="1" />
          <button type="submit" name="intent" value={answer.confirm} className={`${btn} border-red-700 text-red-700`}>
            {answer.confirm === "exit" ? t("home.exit") : t("home.disband")}
          </button>
          <Link to={`/group/${data.gid}`} className="text-blue-700 underline">
            {t("home.cancel")}
          </Link>
        </Form>
      ) : null}
      <h2 className="mb-2 border-l-4 border-blue-700 pl-2 font-semibold">{t("home.description")}</h2>
      <div className="statement prose-sm break-words leading-relaxed" dangerouslySetInnerHTML={{ __html: data.html }} />
      {data.announcements.length ? (
        <section className="mt-5" aria-labelledby="group-home-announcements" data-testid="group-home-announcements">
          <h2 id="group-home-announcements" className="mb-2 border-l-4 border-blue-700 pl-2 font-semibold">
            {ta("announcements.title")}
          </h2>
          <ul className="space-y-2">
            {data.announcements.map((a) => (
              <li key={a.id} className="rounded border border-gray-200 p-3">
                <details>
                  <summary className="cursor-pointer font-medium text-gray-900">
                    {a.title} <span className="text-xs font-normal text-gray-700">{formatDateTime(a.gmtCreate)}</span>
                  </summary>
                  <div className="statement prose-sm mt-2 break-words" dangerouslySetInnerHTML={{ __html: a.html }} />
                </details>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
