import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmButton } from "~/components/community/ConfirmButton";
import { Pagination } from "~/components/ui/Pagination";
import { flash } from "~/http/flash.server";
import { formAttempt, groupMemberPageBase } from "~/http/group-page.server";
import { siteRedirect } from "~/http/paths.server";
import { formatDateTime } from "~/lib/format";
import { MemberAuth } from "~/lib/group";
import { useTranslation } from "~/lib/translation";
import { changeMemberAuth, listApplications, listMembers, memberAuthSchema, memberListSchema, removeMember } from "~/services/group/members.server";
import { getT } from "~/services/platform/i18n.server";
import { isGroupOwner, memberAuthChangeRefusal, memberRemoveRefusal } from "~/services/access/policy.server";

/** The levels a member can be given: applying, refused, member, admin, root. */
const MEMBER_LEVELS = [1, 2, 3, 4, 5];

// A group's members (spec section 2: member list with roles; its admins' page): every member sees
// the list; the group's admins also see the applications with their reasons, accept or refuse
// them, change roles and remove members, as far as the policy lets them (the service decides; the
// page offers only the levels below the viewer's own, all of them to the owner and super admins).

export const handle = { i18n: ["group"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { view, user } = await groupMemberPageBase(request, params);
  const url = new URL(request.url);
  const query = memberListSchema.parse(Object.fromEntries(url.searchParams));
  const [members, applications] = await Promise.all([
    listMembers(user, view.group, query),
    view.isAdmin ? listApplications(user, view.group, { ...query, currentPage: 1, limit: 100 }) : Promise.resolve(null),
  ]);
  const row = (r: { member: { uid: string; username: string; auth: number; reason: string; gmtCreate: Date } }) => {
    const owner = isGroupOwner(view.ctx, r.member.uid);
    const target = { uid: r.member.uid, auth: r.member.auth };
    // What the viewer may do to this member is the policy's answer; the page only offers it.
    const authChoices = view.isAdmin ? MEMBER_LEVELS.filter((a) => !memberAuthChangeRefusal(user, view.ctx, target, a)) : [];
    return {
      uid: r.member.uid,
      username: r.member.username,
      auth: owner ? MemberAuth.ROOT : r.member.auth,
      reason: r.member.reason,
      gmtCreate: formatDateTime(r.member.gmtCreate),
      isOwner: owner,
      authChoices,
      mayRemove: view.isAdmin && !memberRemoveRefusal(user, view.ctx, target),
    };
  };
  return json({
    gid: view.group._id,
    isAdmin: view.isAdmin,
    currentPage: query.currentPage,
    total: members.total,
    size: members.size,
    members: members.records.map(row),
    applications: applications ? applications.records.map(row) : [],
  });
}

type Answer = { error?: string; confirmRemove?: { uid: string; username: string } };

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, gid } = await groupMemberPageBase(request, params);
  const t = await getT(request, ["group", "common"]);
  const form = await request.formData();
  const intent = form.get("intent");
  const uid = String(form.get("uid") ?? "");
  if (!uid) return json<Answer>({ error: t("common:errors.badRequest") }, { status: 400 });
  if (intent === "auth") {
    const parsed = memberAuthSchema.safeParse({ auth: form.get("auth") });
    if (!parsed.success) return json<Answer>({ error: t("group:memberAuthInvalid") }, { status: 400 });
    const done = await formAttempt(t, () => changeMemberAuth(user, gid, uid, parsed.data.auth));
    if (!done.ok) return done.response;
    const cookie = await flash(request, { type: "success", key: "group:flash.memberUpdated" });
    return siteRedirect(`/group/${gid}/member`, { headers: { "Set-Cookie": cookie } });
  }
  if (intent === "remove") {
    if (form.get("confirmed") !== "1") return json<Answer>({ confirmRemove: { uid, username: String(form.get("username") ?? "") } });
    const done = await formAttempt(t, () => removeMember(user, gid, uid));
    if (!done.ok) return done.response;
    const cookie = await flash(request, { type: "success", key: "group:flash.memberRemoved" });
    return siteRedirect(`/group/${gid}/member`, { headers: { "Set-Cookie": cookie } });
  }
  return json<Answer>({ error: t("common:errors.badRequest") }, { status: 400 });
}

export default function GroupMembers() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const { t } = useTranslation("group");
  const btn = "rounded border px-2 py-0.5 text-sm";
  return (
    <div className="space-y-3">
      {answer?.error ? (
        <p role="alert" className="rounded bg-white p-3 text-sm text-red-700 shadow-sm" data-testid="group-member-error">
          {answer.error}
        </p>
      ) : null}
      {answer?.confirmRemove ? (
        <Form method="post" className="flex flex-wrap items-center gap-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="group-confirm-remove">
          <span>{t("members.confirmRemove", { username: answer.confirmRemove.username })}</span>
          <input type="hidden" name="uid" value={answer.confirmRemove.uid} />
          <input type="hidden" name="confirmed" value="1" />
          <button type="submit" name="intent" value="remove" className={`${btn} border-red-700 text-red-700`}>
            {t("members.remove")}
          </button>
          <Link to={`/group/${data.gid}/member`} className="text-blue-700 underline">
            {t("home.cancel")}
          </Link>
        </Form>
      ) : null}
      {data.isAdmin ? (
        <section className="rounded bg-white p-3 shadow-sm sm:p-5" aria-labelledby="group-applications-title" data-testid="group-applications">
          <h2 id="group-applications-title" className="mb-3 text-lg font-semibold">
            {t("members.applications")}
          </h2>
          {data.applications.length === 0 ? (
            <p className="text-sm text-gray-700">{t("members.noApplications")}</p>
          ) : (
            <ul className="divide-y">
              {data.applications.map((m) => (
                <li key={m.uid} className="flex flex-wrap items-center gap-3 py-2 text-sm" data-testid="group-application" data-username={m.username}>
                  <span className="font-medium">{m.username}</span>
                  <span className="text-gray-700">{t(`memberAuth.${m.auth}`)}</span>
                  <span className="min-w-0 flex-1 break-words text-gray-800">
                    {t("members.reason")}: {m.reason}
                  </span>
                  <Form method="post" className="flex gap-2">
                    <input type="hidden" name="uid" value={m.uid} />
                    <input type="hidden" name="intent" value="auth" />
                    <button type="submit" name="auth" value={MemberAuth.MEMBER} className={`${btn} border-green-700 text-green-800`}>
                      {t("members.accept")}
                    </button>
                    {m.auth === MemberAuth.APPLYING ? (
                      <button type="submit" name="auth" value={MemberAuth.REFUSED} className={`${btn} border-red-700 text-red-700`}>
                        {t("members.refuse")}
                      </button>
                    ) : null}
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <section className="rounded bg-white p-3 shadow-sm sm:p-5" aria-labelledby="group-members-title">
        <h2 id="group-members-title" className="mb-3 text-lg font-semibold">
          {t("members.title")}
        </h2>
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="group-members-title">
          <table className="w-full text-left text-sm" data-testid="group-members">
            <thead>
              <tr className="border-b text-gray-700">
                <th className="py-2 pr-3">{t("members.username")}</th>
                <th className="py-2 pr-3">{t("members.role")}</th>
                <th className="py-2 pr-3">{t("members.joined")}</th>
                {data.isAdmin ? <th className="py-2">{t("members.actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {data.members.map((m) => (
                <tr key={m.uid} className="border-b" data-testid="group-member" data-username={m.username} data-auth={m.auth}>
                  <td className="py-2 pr-3">
                    <Link to={`/user-home?username=${encodeURIComponent(m.username)}`} className="text-blue-700 underline">
                      {m.username}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">{m.isOwner ? t("members.owner") : t(`memberAuth.${m.auth}`)}</td>
                  <td className="py-2 pr-3 text-gray-700">{m.gmtCreate}</td>
                  {data.isAdmin ? (
                    <td className="py-2">
                      {m.authChoices.length > 0 || m.mayRemove ? (
                        <div className="flex flex-wrap gap-2">
                          {m.authChoices.length > 0 ? (
                            <Form method="post" className="flex gap-1">
                              <input type="hidden" name="uid" value={m.uid} />
                              <label className="sr-only" htmlFor={`auth-${m.uid}`}>
                                {t("members.role")}
                              </label>
                              <select id={`auth-${m.uid}`} name="auth" defaultValue={String(m.auth)} className="rounded border px-1 py-0.5 text-sm">
                                {m.authChoices
                                  .filter((a) => a >= MemberAuth.MEMBER)
                                  .map((a) => (
                                    <option key={a} value={a}>
                                      {t(`memberAuth.${a}`)}
                                    </option>
                                  ))}
                              </select>
                              <button type="submit" name="intent" value="auth" className={`${btn} text-gray-800`}>
                                {t("members.save")}
                              </button>
                            </Form>
                          ) : null}
                          {m.mayRemove ? (
                            <Form method="post">
                              <input type="hidden" name="uid" value={m.uid} />
                              <input type="hidden" name="username" value={m.username} />
                              <ConfirmButton value="remove" message={t("members.confirmRemove", { username: m.username })} className={`${btn} border-red-700 text-red-700`}>
                                {t("members.remove")}
                              </ConfirmButton>
                            </Form>
                          ) : null}
                        </div>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination total={data.total} size={data.size} current={data.currentPage} href={(p) => `/group/${data.gid}/member?currentPage=${p}`} />
      </section>
    </div>
  );
}
