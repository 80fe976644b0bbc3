import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { AuthCard } from "~/components/auth/AuthCard";
import { ResetApplyForm, ResetPasswordForm } from "~/components/auth/ResetForms";
import type { AuthActionData } from "~/lib/account";
import { authT, clientOf, formFailure } from "~/http/account.server";
import { captchaKeyOf } from "~/services/account/captcha.server";
import { flash } from "~/http/flash.server";
import { emailEnabled } from "~/services/platform/mail.server";
import { applyResetPassword, applyResetSchema, resetPassword, resetPasswordSchema } from "~/services/account/password-reset.server";
import { siteRedirect } from "~/http/paths.server";
import { formObject } from "~/services/platform/validation.server";
import { pageTitle } from "~/lib/meta";

// /reset-password: without a code in the query, "reset by e-mail" (address + image captcha); with
// ?username=&code= from the e-mailed link, the form that sets the new password (spec section 2).
// Also the action of the modal's reset form.

export const handle = { i18n: ["common", "auth"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const t = await authT(request);
  const username = (url.searchParams.get("username") ?? "").slice(0, 100);
  const code = (url.searchParams.get("code") ?? "").slice(0, 20);
  return json({ title: t("reset.title"), emailEnabled: emailEnabled(), mode: code ? ("reset" as const) : ("apply" as const), username, code });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const input = formObject(await request.formData());
  const client = clientOf(request, context);
  const str = (k: string) => (typeof input[k] === "string" ? (input[k] as string).slice(0, 200) : "");

  if (input.intent === "reset") {
    try {
      await resetPassword(resetPasswordSchema.parse(input), client);
      // Spec section 8: "Your password has been reset", then home with the login modal open.
      const setCookie = await flash(request, { type: "success", key: "auth:reset.done" });
      return siteRedirect("/home?login=1", { headers: { "Set-Cookie": setCookie } });
    } catch (err) {
      return formFailure(request, err, { values: { username: str("username") } });
    }
  }

  const values = { email: str("email") };
  try {
    const parsed = applyResetSchema.parse({ ...input, captchaKey: await captchaKeyOf(request, input.captchaKey) });
    const sent = await applyResetPassword(parsed, client, await authT(request));
    return json({ ok: true, sent: { email: sent.email, wait: sent.wait }, values });
  } catch (err) {
    return formFailure(request, err, { values });
  }
}

export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const { mode, username, code, emailEnabled } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as AuthActionData | undefined;
  const navigation = useNavigation();
  const kit = { Form, data, busy: navigation.state === "submitting" };
  const action = mode === "reset" ? `/reset-password?${new URLSearchParams({ username, code }).toString()}` : "/reset-password";
  return (
    <AuthCard title={t("reset.title")}>
      {mode === "reset" ? (
        <ResetPasswordForm kit={kit} action={action} username={username} code={code} />
      ) : (
        <ResetApplyForm
          kit={kit}
          action={action}
          emailEnabled={emailEnabled}
          switchTo={{ href: (m) => (m === "login" ? "/login" : m === "register" ? "/register" : "/reset-password") }}
        />
      )}
    </AuthCard>
  );
}
