import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Field, inputClass, Notice, primaryButtonClass } from "~/components/admin-problem/ui";
import { UserBatchPage, UserBatchReport } from "~/components/admin/UserBatch";
import { withBase } from "~/lib/base-path";
import { LIMITS } from "~/lib/constants";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { requireSuperAdmin } from "~/http/guards.server";
import { httpStatusOf } from "~/http/status.server";
import { generateUsers, generateUsersSchema } from "~/services/account/admin-users.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";

// Generating numbered accounts (spec section 5): prefix, suffix, start and end numbers (end not
// below start), password length 6..25. The answer lists them with their passwords and links the
// downloadable list (kept an hour).

export const handle = { i18n: ["admin-user", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  const t = await getT(request, "admin-user");
  return json({ pageTitle: t("generate.title") });
}

type Answer = { errors: Record<string, string>; key: string | null; users: Array<{ username: string; password: string; ok: boolean; error: string | null }> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSuperAdmin(request);
  const t = await getT(request, ["admin-user", "auth", "common"]);
  const form = await request.formData();
  const v = validate(t, generateUsersSchema, Object.fromEntries([...form.entries()].map(([k, val]) => [k, String(val)])));
  if (!v.ok) return json<Answer>({ errors: v.errors, key: null, users: [] }, { status: 400 });
  try {
    const { key, users } = await generateUsers(user, v.data);
    return json<Answer>({ errors: {}, key, users: users.map((u) => ({ ...u, error: u.error ? t(u.error) : null })) });
  } catch (err) {
    if (err instanceof DomainError) return json<Answer>({ errors: { _form: t(err.message, err.params ?? {}) }, key: null, users: [] }, { status: httpStatusOf(err.kind) });
    throw err;
  }
}

export default function GenerateUsers() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const errors = answer?.errors ?? {};
  const { t } = useTranslation("admin-user");
  const created = answer?.users.filter((u) => u.ok) ?? [];
  return (
    <UserBatchPage title={data.pageTitle}>
      <Form method="post" className="space-y-4 rounded border border-gray-200 bg-white p-4" data-testid="generate-users-form">
        {errors._form ? <Notice kind="error">{errors._form}</Notice> : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t("generate.prefix")} htmlFor="gu-prefix" error={errors.prefix}>
            <input id="gu-prefix" name="prefix" maxLength={15} className={inputClass} />
          </Field>
          <Field label={t("generate.suffix")} htmlFor="gu-suffix" error={errors.suffix}>
            <input id="gu-suffix" name="suffix" maxLength={15} className={inputClass} />
          </Field>
          <Field label={t("generate.passwordLength")} htmlFor="gu-len" error={errors.passwordLength}>
            <input id="gu-len" name="passwordLength" type="number" min={LIMITS.generatedPasswordMin} max={LIMITS.generatedPasswordMax} defaultValue={8} className={inputClass} />
          </Field>
          <Field label={t("generate.numberFrom")} htmlFor="gu-from" error={errors.numberFrom}>
            <input id="gu-from" name="numberFrom" type="number" min={0} className={inputClass} />
          </Field>
          <Field label={t("generate.numberTo")} htmlFor="gu-to" error={errors.numberTo}>
            <input id="gu-to" name="numberTo" type="number" min={0} className={inputClass} />
          </Field>
        </div>
        <button type="submit" className={primaryButtonClass}>
          {t("generate.submit")}
        </button>
      </Form>
      {answer?.key ? (
        <UserBatchReport
          name="generate"
          rowTestId="generated-row"
          warn={false}
          summary={
            <>
              <span data-testid="generate-summary" data-created={created.length}>
                {t("generate.summary", { created: created.length, skipped: answer.users.length - created.length })}
              </span>{" "}
              <a href={withBase(`/admin/user/generated/${answer.key}`)} className="text-blue-700 underline" data-testid="generated-download" download>
                {t("generate.download")}
              </a>
            </>
          }
          columns={[
            { head: t("list.username"), cell: (u) => u.username },
            { head: t("generate.password"), cell: (u) => u.password, className: "font-mono" },
          ]}
          rows={answer.users}
          rowKey={(u) => u.username}
        />
      ) : null}
    </UserBatchPage>
  );
}
