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
import { SWITCH_KEYS, WEBSITE_CONFIG_LIMITS } from "~/lib/site-config";
import { configFormInput, getWebsiteConfig, updateWebsiteConfig, websiteConfigSchema } from "~/services/site/config.server";
import { validate } from "~/services/platform/validation.server";
import { pageTitle } from "~/lib/meta";

// /admin/conf (super admin): every field of the website configuration (spec section 3).

export const handle: RouteHandle = { i18n: ["common", "admin"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  const [t, config] = await Promise.all([getT(request, ["admin", "common"]), getWebsiteConfig()]);
  return json({ title: t("admin:conf.title"), config });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireSuperAdmin(request);
  const t = await getT(request, ["admin", "common"]);
  const input = configFormInput(await request.formData(), SWITCH_KEYS);
  const result = validate(t, websiteConfigSchema, input);
  if (!result.ok) {
    return json({ errors: result.errors, values: input, message: t("admin:conf.fixErrors") }, { status: 400 });
  }
  await updateWebsiteConfig(result.data);
  return siteRedirect("/admin/conf", { headers: { "Set-Cookie": await flash(request, { type: "success", key: "success.update" }) } });
}

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
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values = (actionData?.values ?? config) as Record<string, unknown>;
  return (
    <AdminCard title={t("conf.title")}>
      <FormErrorSummary message={actionData?.message} />
      <Form method="post" className="space-y-4" noValidate>
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
            {SWITCH_KEYS.map((name) => (
              <SwitchField
                key={name}
                name={name}
                label={t(`switch.fields.${name}`)}
                hint={t(`switch.hints.${name}`)}
                defaultChecked={values[name] === true}
                error={errors[name]}
              />
            ))}
          </div>
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
