import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { AdminError } from "~/components/admin/AdminError";
import { SettingsForm, SwitchFields, TextField } from "~/components/admin/fields";
import { settingsAction } from "~/http/settings-form.server";
import type { RouteHandle } from "~/lib/route-handle";
import { getT } from "~/services/platform/i18n.server";
import { requireSuperAdmin } from "~/http/guards.server";
import { WEBSITE_CONFIG_LIMITS } from "~/lib/site-config";
import { getWebsiteConfig, updateWebsiteConfig, websiteConfigSchema } from "~/services/site/config.server";
import { pageTitle } from "~/lib/meta";

// /admin/conf (super admin): every field of the website configuration (spec section 3).

export const handle: RouteHandle = { i18n: ["common", "admin"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  const [t, config] = await Promise.all([getT(request, ["admin", "common"]), getWebsiteConfig()]);
  return json({ title: t("admin:conf.title"), config });
}

export const action = ({ request }: ActionFunctionArgs) => settingsAction(request, { schema: websiteConfigSchema, save: updateWebsiteConfig, back: "/admin/conf" });

const TEXT_FIELDS = [
  { name: "projectName", limit: "projectName" },
  { name: "shortName", limit: "shortName" },
  { name: "projectUrl", limit: "url" },
  { name: "description", limit: "description", multiline: true },
  { name: "recordName", limit: "recordName" },
  { name: "recordUrl", limit: "url" },
  { name: "knowledgeBaseUrl", limit: "url" },
  { name: "baseUrl", limit: "url" },
] as const;

export default function AdminConf() {
  const { t } = useTranslation("admin");
  const { config } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values = (actionData?.values ?? config) as Record<string, unknown>;
  return (
    <SettingsForm title={t("conf.title")} message={actionData?.message} className="space-y-4">
        <fieldset className="space-y-4">
          <legend className="mb-2 text-sm font-semibold text-gray-600">{t("conf.website")}</legend>
          {TEXT_FIELDS.map((f) => (
            <TextField
              key={f.name}
              name={f.name}
              label={t(`conf.fields.${f.name}`)}
              hint={t(`conf.hints.${f.name}`)}
              defaultValue={String(values[f.name] ?? "")}
              error={errors[f.name]}
              maxLength={WEBSITE_CONFIG_LIMITS[f.limit]}
              multiline={"multiline" in f}
            />
          ))}
        </fieldset>
        <fieldset className="pt-4">
          <legend className="mb-2 text-sm font-semibold text-gray-600">{t("conf.features")}</legend>
          <div className="divide-y border-t">
            <SwitchFields values={values} errors={errors} />
          </div>
        </fieldset>
    </SettingsForm>
  );
}

export function ErrorBoundary() {
  return <AdminError inShell />;
}
