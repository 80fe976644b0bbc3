import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { AdminError } from "~/components/admin/AdminError";
import { AdminCard } from "~/components/admin/AdminShell";
import { FormErrorSummary, SubmitButton, SwitchField, TextField } from "~/components/admin/fields";
import { flash } from "~/http/flash.server";
import { requireSuperAdmin } from "~/http/guards.server";
import { siteRedirect } from "~/http/paths.server";
import { AI_LIMITS } from "~/lib/ai";
import { pageTitle } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/translation";
import { mayConfigureAi } from "~/services/access/policy.server";
import { AiEndpointError, aiConfigSchema, publicAiConfig, updateAiSettings } from "~/services/ai/config.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";

// /admin/ai (super admins): the AI helper's chat-completions endpoint. The stored key is never
// sent to the page: it shows whether one is set and its last characters; an empty key field keeps it.

export const handle: RouteHandle = { i18n: ["common", "admin", "ai"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

async function guard(request: Request) {
  const user = await requireSuperAdmin(request);
  if (!mayConfigureAi(user)) throw new Response("Forbidden", { status: 403 });
  return user;
}

export async function loader({ request }: LoaderFunctionArgs) {
  await guard(request);
  const [t, config] = await Promise.all([getT(request, ["ai"]), publicAiConfig()]);
  return json({ title: t("admin.title"), config });
}

export async function action({ request }: ActionFunctionArgs) {
  await guard(request);
  const t = await getT(request, ["ai", "admin", "common"]);
  // An unchecked switch sends nothing, which the schema reads as off.
  const input: Record<string, unknown> = {};
  for (const [k, v] of (await request.formData()).entries()) if (typeof v === "string" && !(k in input)) input[k] = v;
  // The key typed is not sent back to the page.
  const { apiKey: _typed, ...values } = input;
  const refuse = (errors: Record<string, string>) => json({ errors, values, message: t("ai:admin.fixErrors") }, { status: 400 });
  const result = validate(t, aiConfigSchema, input);
  if (!result.ok) return refuse(result.errors);
  try {
    await updateAiSettings(result.data);
  } catch (err) {
    if (err instanceof AiEndpointError) return refuse({ [err.field]: t(err.message, err.params ?? {}) });
    throw err;
  }
  return siteRedirect("/admin/ai", { headers: { "Set-Cookie": await flash(request, { type: "success", key: "success.update" }) } });
}

export default function AdminAi() {
  const { t } = useTranslation(["ai", "admin"]);
  const { config } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  // A new form after each save, so a key typed into it does not stay on the page.
  const formKey = useLocation().key;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values = (actionData?.values ?? config) as Record<string, unknown>;
  return (
    <AdminCard title={t("admin.title")}>
      <FormErrorSummary message={actionData?.message} />
      <p className="mb-2 text-sm text-gray-700">{t("admin.intro")}</p>
      <p className={`mb-4 text-sm font-medium ${config.active ? "text-green-800" : "text-gray-700"}`} role="status" data-testid="ai-admin-status">
        {config.active ? t("admin.statusOn") : t("admin.statusOff")}
      </p>
      <Form method="post" className="space-y-4" noValidate data-testid="ai-admin-form" key={formKey}>
        <div className="border-y">
          <SwitchField name="enabled" label={t("admin.fields.enabled")} hint={t("admin.hints.enabled")} defaultChecked={values.enabled === true || values.enabled === "on"} error={errors.enabled} />
        </div>
        <TextField name="baseUrl" type="url" label={t("admin.fields.baseUrl")} hint={t("admin.hints.baseUrl")} defaultValue={String(values.baseUrl ?? "")} error={errors.baseUrl} maxLength={AI_LIMITS.baseUrlMax} />
        <TextField
          name="apiKey"
          type="password"
          label={t("admin.fields.apiKey")}
          hint={`${config.apiKeySet ? t("admin.keySet", { masked: config.apiKeyMasked }) : t("admin.noKey")} ${t("admin.hints.apiKey")}`}
          defaultValue=""
          error={errors.apiKey}
          maxLength={AI_LIMITS.apiKeyMax}
        />
        {config.apiKeySet ? (
          <div className="border-y">
            <SwitchField name="clearApiKey" label={t("admin.fields.clearApiKey")} defaultChecked={false} error={errors.clearApiKey} />
          </div>
        ) : null}
        <TextField name="model" label={t("admin.fields.model")} hint={t("admin.hints.model")} defaultValue={String(values.model ?? "")} error={errors.model} maxLength={AI_LIMITS.modelMax} />
        <TextField name="systemPrompt" multiline label={t("admin.fields.systemPrompt")} hint={t("admin.hints.systemPrompt")} defaultValue={String(values.systemPrompt ?? "")} error={errors.systemPrompt} maxLength={AI_LIMITS.systemPromptMax} />
        <TextField name="perHour" type="number" min={1} max={AI_LIMITS.perHourMax} label={t("admin.fields.perHour")} hint={t("admin.hints.perHour")} defaultValue={String(values.perHour ?? "")} error={errors.perHour} />
        <div className="border-t pt-4">
          <SubmitButton busy={busy} label={t("admin:save")} busyLabel={t("admin:saving")} />
        </div>
      </Form>
    </AdminCard>
  );
}

export function ErrorBoundary() {
  return <AdminError inShell />;
}
