import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass, Field, inputClass, primaryButtonClass } from "~/components/admin-problem/ui";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { flash } from "~/http/flash.server";
import { requireSuperAdmin } from "~/http/guards.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { editUser, editUserSchema, loadUserForAdmin, ROLE_CODES } from "~/services/account/admin-users.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";

// Editing a user (super admins): username, real name, e-mail, role by its numeric code (1003..1007
// restrict submitting, posting and speaking), disabled, title, and optionally a new password.

export const handle = { i18n: ["admin-user", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

function userOrNotFound(err: unknown): never {
  if (err instanceof DomainError) throw new Response(err.message, { status: httpStatusOf(err.kind) });
  throw err;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const actor = await requireSuperAdmin(request);
  const u = await loadUserForAdmin(actor, params.uid ?? "").catch(userOrNotFound);
  const t = await getT(request, "admin-user");
  return json({
    pageTitle: t("edit.title", { name: u.username }),
    roles: ROLE_CODES,
    user: { uid: u._id, username: u.username, realname: u.realname, email: u.email, role: u.role, status: u.status, titleName: u.titleName, titleColor: u.titleColor },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireSuperAdmin(request);
  const before = await loadUserForAdmin(actor, params.uid ?? "").catch(userOrNotFound);
  const t = await getT(request, ["admin-user", "auth", "common"]);
  const form = await request.formData();
  const input = { ...Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)])), uid: before._id };
  const v = validate(t, editUserSchema, input);
  if (!v.ok) return json({ errors: v.errors }, { status: 400 });
  try {
    await editUser(actor, v.data);
  } catch (err) {
    if (err instanceof DomainError) return json({ errors: { _form: t(err.message, err.params ?? {}) } }, { status: httpStatusOf(err.kind) });
    throw err;
  }
  const cookie = await flash(request, { type: "success", key: "admin-user:flash.saved" });
  return siteRedirect("/admin/user", { headers: { "Set-Cookie": cookie } });
}

export default function EditUser() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors: Record<string, string> = answer?.errors ?? {};
  const { t } = useTranslation("admin-user");
  const u = data.user;
  return (
    <div className="mx-auto max-w-3xl space-y-4 p-4">
      <div className="flex items-center gap-3">
        <h1 className="text-xl font-semibold">{data.pageTitle}</h1>
        <Link to="/admin/user" className={`${buttonClass} text-gray-800`}>
          {t("list.title")}
        </Link>
      </div>
      <Form method="post" className="space-y-4 rounded border border-gray-200 bg-white p-4" data-testid="edit-user-form">
        {errors._form ? (
          <p role="alert" className="text-sm text-red-700">
            {errors._form}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("list.username")} htmlFor="eu-username" error={errors.username}>
            <input id="eu-username" name="username" defaultValue={u.username} maxLength={20} className={inputClass} />
          </Field>
          <Field label={t("list.realname")} htmlFor="eu-realname" error={errors.realname}>
            <input id="eu-realname" name="realname" defaultValue={u.realname} maxLength={50} className={inputClass} />
          </Field>
          <Field label={t("list.email")} htmlFor="eu-email" error={errors.email}>
            <input id="eu-email" name="email" type="email" defaultValue={u.email} className={inputClass} />
          </Field>
          <Field label={t("list.role")} htmlFor="eu-role" error={errors.type}>
            <select id="eu-role" name="type" defaultValue={u.role} className={inputClass}>
              {data.roles.map((r) => (
                <option key={r} value={r}>
                  {r} · {t(`roles.${r}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("list.status")} htmlFor="eu-status" error={errors.status}>
            <select id="eu-status" name="status" defaultValue={u.status} className={inputClass}>
              <option value={0}>{t("list.normal")}</option>
              <option value={1}>{t("list.disabled")}</option>
            </select>
          </Field>
          <Field label={t("edit.titleName")} htmlFor="eu-title" error={errors.titleName}>
            <input id="eu-title" name="titleName" defaultValue={u.titleName} maxLength={20} className={inputClass} />
          </Field>
          <Field label={t("edit.titleColor")} htmlFor="eu-title-color" error={errors.titleColor}>
            <input id="eu-title-color" name="titleColor" defaultValue={u.titleColor} placeholder="#2d8cf0" className={inputClass} />
          </Field>
        </div>
        <fieldset className="space-y-2 rounded border border-gray-200 p-3">
          <legend className="px-1 text-sm font-medium text-gray-800">{t("edit.password")}</legend>
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="checkbox" name="setNewPwd" value="true" className="h-4 w-4" />
            {t("edit.setNewPwd")}
          </label>
          <Field label={t("edit.newPassword")} htmlFor="eu-password" error={errors.password}>
            <input id="eu-password" name="password" type="password" autoComplete="new-password" maxLength={20} className={inputClass} />
          </Field>
        </fieldset>
        <button type="submit" className={primaryButtonClass}>
          {t("edit.save")}
        </button>
      </Form>
    </div>
  );
}
