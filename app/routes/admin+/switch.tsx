import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { AdminError } from "~/components/admin/AdminError";
import { AdminCard } from "~/components/admin/AdminShell";
import { FormErrorSummary, SubmitButton, SwitchField, TextField } from "~/components/admin/fields";
import type { RouteHandle } from "~/lib/route-handle";
import { flash } from "~/http/flash.server";
import { getT } from "~/services/platform/i18n.server";
import { siteRedirect } from "~/http/paths.server";
import { requireSuperAdmin } from "~/http/guards.server";
import { COMMUNITY_LIMIT_KEYS, COMMUNITY_LIMIT_RANGE, SUBMISSION_ALLOWANCE_KEYS, SUBMISSION_ALLOWANCE_RANGE, SWITCH_KEYS } from "~/lib/site-config";
import { configFormInput, getSwitches, switchesSchema, updateSwitches } from "~/services/site/config.server";
import { validate } from "~/services/platform/validation.server";
import { pageTitle } from "~/lib/meta";

// /admin/switch (super admin): registration, the three discussion and comment switches, and how
// many submissions a user may have waiting and send a minute, outside and inside contests, and the
// community's limits (problems solved before posting, commenting or creating a group; per day).

export const handle: RouteHandle = { i18n: ["common", "admin"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  const [t, switches] = await Promise.all([getT(request, ["admin", "common"]), getSwitches()]);
  return json({ title: t("admin:switch.title"), switches });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireSuperAdmin(request);
  const t = await getT(request, ["admin", "common"]);
  const input = configFormInput(await request.formData(), SWITCH_KEYS);
  const result = validate(t, switchesSchema, input);
  if (!result.ok) return json({ errors: result.errors, values: input, message: t("admin:conf.fixErrors") }, { status: 400 });
  await updateSwitches(result.data);
  return siteRedirect("/admin/switch", { headers: { "Set-Cookie": await flash(request, { type: "success", key: "success.update" }) } });
}

export default function AdminSwitch() {
  const { t } = useTranslation("admin");
  const { switches } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values = (actionData?.values ?? switches) as Record<string, unknown>;
  return (
    <AdminCard title={t("switch.title")}>
      <FormErrorSummary message={actionData?.message} />
      <Form method="post" noValidate>
        <div className="divide-y">
          {SWITCH_KEYS.map((name) => (
            <SwitchField
              key={name}
              name={name}
              label={t(`switch.fields.${name}`)}
              hint={t(`switch.hints.${name}`)}
              defaultChecked={switches[name]}
              error={errors[name]}
            />
          ))}
        </div>
        <fieldset className="space-y-4 border-t py-4">
          <legend className="mb-2 pt-4 text-sm font-semibold text-gray-600">{t("switch.submissions")}</legend>
          {SUBMISSION_ALLOWANCE_KEYS.map((name) => (
            <TextField
              key={name}
              name={name}
              type="number"
              min={SUBMISSION_ALLOWANCE_RANGE.min}
              max={SUBMISSION_ALLOWANCE_RANGE.max}
              label={t(`switch.fields.${name}`)}
              hint={t(`switch.hints.${name}`, SUBMISSION_ALLOWANCE_RANGE)}
              defaultValue={String(values[name] ?? "")}
              error={errors[name]}
            />
          ))}
        </fieldset>
        <fieldset className="space-y-4 border-t py-4">
          <legend className="mb-2 pt-4 text-sm font-semibold text-gray-600">{t("switch.community")}</legend>
          {COMMUNITY_LIMIT_KEYS.map((name) => (
            <TextField
              key={name}
              name={name}
              type="number"
              min={COMMUNITY_LIMIT_RANGE.min}
              max={COMMUNITY_LIMIT_RANGE.max}
              label={t(`switch.fields.${name}`)}
              hint={t(`switch.hints.${name}`, COMMUNITY_LIMIT_RANGE)}
              defaultValue={String(values[name] ?? "")}
              error={errors[name]}
            />
          ))}
        </fieldset>
        <div className="border-t pt-4">
          <SubmitButton busy={busy} label={t("save")} busyLabel={t("saving")} />
        </div>
      </Form>
    </AdminCard>
  );
}

export function ErrorBoundary() {
  return <AdminError inShell />;
}
