import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AvatarForm } from "~/components/auth/AvatarForm";
import { ConfirmButton } from "~/components/community/ConfirmButton";
import { GroupForm } from "~/components/group/GroupForm";
import { flash } from "~/http/flash.server";
import { groupFormInput } from "~/http/group-form.server";
import { formAttempt, groupMemberPageBase } from "~/http/group-page.server";
import { siteRedirect } from "~/http/paths.server";
import { useTranslation } from "~/lib/translation";
import { deleteGroup, updateGroup } from "~/services/group/groups.server";
import { handoverCandidates, transferOwnership } from "~/services/group/members.server";
import { getT } from "~/services/platform/i18n.server";

// A group's settings (spec section 2: its root): the group form; the owner (or a super admin) hands
// the group to a member or disbands it after a confirmation. Every write is checked again by the service.

export const handle = { i18n: ["group", "group-activity", "auth"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { view } = await groupMemberPageBase(request, params);
  if (!view.isRoot) throw new Response("group:notRoot", { status: 403 });
  const g = view.group;
  const members = view.mayDelete ? await handoverCandidates(g) : [];
  return json({
    gid: g._id,
    avatar: g.avatar || "",
    name: g.name,
    values: { name: g.name, shortName: g.shortName, brief: g.brief, description: g.description, auth: g.auth, code: g.code, visible: g.visible },
    mayDelete: view.mayDelete,
    members,
  });
}

type Answer = { errors?: Record<string, string>; error?: string; confirm?: boolean };

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, gid } = await groupMemberPageBase(request, params);
  const t = await getT(request, ["group", "common"]);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "save") {
    const { result } = groupFormInput(t, form);
    if (!result.ok) return json<Answer>({ errors: result.errors }, { status: 400 });
    const done = await formAttempt(t, () => updateGroup(user, gid, result.data));
    if (!done.ok) return done.response;
    const cookie = await flash(request, { type: "success", key: "group:flash.saved" });
    return siteRedirect(`/group/${gid}/setting`, { headers: { "Set-Cookie": cookie } });
  }
  if (intent === "transfer") {
    const uid = String(form.get("uid") ?? "");
    const done = await formAttempt(t, () => transferOwnership(user, gid, uid));
    if (!done.ok) return done.response;
    const cookie = await flash(request, { type: "success", key: "group:flash.transferred" });
    return siteRedirect(`/group/${gid}`, { headers: { "Set-Cookie": cookie } });
  }
  if (intent === "disband") {
    if (form.get("confirmed") !== "1") return json<Answer>({ confirm: true });
    const done = await formAttempt(t, () => deleteGroup(user, gid));
    if (!done.ok) return done.response;
    const cookie = await flash(request, { type: "success", key: "group:flash.deleted" });
    return siteRedirect("/group", { headers: { "Set-Cookie": cookie } });
  }
  return json<Answer>({ error: t("common:errors.badRequest") }, { status: 400 });
}

export default function GroupSettings() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const { t } = useTranslation("group");
  const btn = "rounded border px-3 py-1 text-sm";
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-3">
      <section className="rounded bg-white p-3 shadow-sm sm:p-5" aria-labelledby="group-settings-title">
        <h2 id="group-settings-title" className="mb-3 text-lg font-semibold">
          {t("settings.title")}
        </h2>
        {answer?.error ? (
          <p role="alert" className="mb-3 text-sm text-red-700" data-testid="group-settings-error">
            {answer.error}
          </p>
        ) : null}
        <GroupForm intent="save" testId="group-settings-form" submitLabel={t("settings.save")} errors={answer?.errors} values={data.values} />
      </section>
      <section id="avatar" className="rounded bg-white p-3 shadow-sm sm:p-5" aria-labelledby="group-avatar-title">
        <h2 id="group-avatar-title" className="mb-3 text-lg font-semibold">
          {t("group-activity:avatar.title")}
        </h2>
        <AvatarForm avatar={data.avatar} username={data.name} busy={busy} action={`/group/${data.gid}/avatar`} />
      </section>
      {data.mayDelete ? (
        <section className="rounded bg-white p-3 shadow-sm sm:p-5" aria-labelledby="group-owner-title">
          <h2 id="group-owner-title" className="mb-3 text-lg font-semibold">
            {t("settings.ownerTitle")}
          </h2>
          {data.members.length ? (
            <Form method="post" className="mb-4 flex flex-wrap items-end gap-2" data-testid="group-transfer-form">
              <label className="flex flex-col text-sm text-gray-800">
                {t("settings.transferTo")}
                <select name="uid" className="mt-1 rounded border px-2 py-1 text-sm">
                  {data.members.map((m) => (
                    <option key={m.uid} value={m.uid}>
                      {m.username}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" name="intent" value="transfer" className={`${btn} text-gray-800`}>
                {t("settings.transfer")}
              </button>
            </Form>
          ) : null}
          {answer?.confirm ? (
            <Form method="post" className="mb-3 flex flex-wrap items-center gap-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="group-confirm">
              <span>{t("home.confirmDisband")}</span>
              <input type="hidden" name="confirmed" value="1" />
              <button type="submit" name="intent" value="disband" className={`${btn} border-red-700 text-red-700`}>
                {t("home.disband")}
              </button>
              <Link to={`/group/${data.gid}/setting`} className="text-blue-700 underline">
                {t("home.cancel")}
              </Link>
            </Form>
          ) : null}
          <Form method="post">
            <ConfirmButton value="disband" message={t("home.confirmDisband")} className={`${btn} border-red-700 text-red-700`}>
              {t("home.disband")}
            </ConfirmButton>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
