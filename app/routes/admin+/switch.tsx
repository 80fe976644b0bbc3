import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { AdminError } from "~/components/admin/AdminError";
import { SettingsForm, SwitchFields, TextField } from "~/components/admin/fields";
import { settingsAction } from "~/http/settings-form.server";
import type { RouteHandle } from "~/lib/route-handle";
import { getT } from "~/services/platform/i18n.server";
import { requireSuperAdmin } from "~/http/guards.server";
import { COMMUNITY_LIMIT_KEYS, COMMUNITY_LIMIT_RANGE, SUBMISSION_ALLOWANCE_KEYS, SUBMISSION_ALLOWANCE_RANGE } from "~/lib/site-config";
import { getSwitches, switchesSchema, updateSwitches } from "~/services/site/config.server";
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

export const action = ({ request }: ActionFunctionArgs) => settingsAction(request, { schema: switchesSchema, save: updateSwitches, back: "/admin/switch" });

export default function AdminSwitch() {
  const { t } = useTranslation("admin");
  const { switches } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values = (actionData?.values ?? switches) as Record<string, unknown>;
  return (
    <SettingsForm title={t("switch.title")} message={actionData?.message}>
        <div className="divide-y">
          <SwitchFields values={switches} errors={errors} />
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
    </SettingsForm>
  );
}

export function ErrorBoundary() {
  return <AdminError inShell />;
}
