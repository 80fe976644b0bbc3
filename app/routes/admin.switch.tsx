import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { AdminError } from "~/components/admin/AdminError";
import { AdminCard } from "~/components/admin/AdminShell";
import { FormErrorSummary, SubmitButton, SwitchField } from "~/components/admin/fields";
import type { RouteHandle } from "~/lib/route-handle";
import { flash } from "~/services/flash.server";
import { getT } from "~/services/i18n.server";
import { siteRedirect } from "~/services/paths.server";
import { requireSuperAdmin } from "~/services/permissions.server";
import { SWITCH_KEYS } from "~/lib/site-config";
import { configFormInput, getSwitches, switchesSchema, updateSwitches } from "~/services/site-config.server";
import { validate } from "~/services/validation.server";
import { pageTitle } from "~/lib/meta";

// /admin/switch (super admin): registration and the three discussion and comment switches.

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
  const result = validate(t, switchesSchema, configFormInput(await request.formData(), SWITCH_KEYS));
  if (!result.ok) return json({ errors: result.errors, message: t("admin:conf.fixErrors") }, { status: 400 });
  await updateSwitches(result.data);
  return siteRedirect("/admin/switch", { headers: { "Set-Cookie": await flash(request, { type: "success", key: "success.update" }) } });
}

export default function AdminSwitch() {
  const { t } = useTranslation("admin");
  const { switches } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string> = actionData?.errors ?? {};
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
