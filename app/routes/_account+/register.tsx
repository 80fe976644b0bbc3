import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { AuthCard } from "~/components/auth/AuthCard";
import { RegisterForm } from "~/components/auth/RegisterForm";
import type { AuthActionData } from "~/lib/account";
import { authT, clientOf, formFailure } from "~/http/account.server";
import { flash } from "~/http/flash.server";
import { siteRedirect } from "~/http/paths.server";
import { register, registerCodeSchema, registerPagePuzzle, registerCodeWait, registerSchema, registerSettings, sendRegisterCode } from "~/services/account/registration.server";
import { formObject } from "~/services/platform/validation.server";
import { pageTitle } from "~/lib/meta";

// /register: the plain registration page, and the action of the modal's register form. The form's
// "Get code" button posts intent=sendCode (without JavaScript it is a submit button of the form).

export const handle = { i18n: ["common", "auth"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await authT(request);
  const settings = await registerSettings();
  // An address that registered many accounts this hour solves the puzzle with the form.
  const puzzle = settings.open ? await registerPagePuzzle(clientOf(request, context)) : null;
  return json({ title: t("register.title"), ...settings, puzzle });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const input = formObject(await request.formData());
  const client = clientOf(request, context);
  const str = (k: string) => (typeof input[k] === "string" ? (input[k] as string).slice(0, 200) : "");
  const values = { username: str("username"), email: str("email") };

  if (input.intent === "sendCode") {
    try {
      const { email } = registerCodeSchema.parse(input);
      const sent = await sendRegisterCode(email, client, await authT(request));
      return json({ ok: true, codeSent: { email: sent.email, wait: sent.wait }, values });
    } catch (err) {
      return formFailure(request, err, { values });
    }
  }

  try {
    const user = await register(registerSchema.parse(input), client);
    if (input._modal === "1") return json({ ok: true, registered: { username: user.username } });
    const setCookie = await flash(request, { type: "success", key: "auth:register.success" });
    return siteRedirect(`/login?${new URLSearchParams({ username: user.username, registered: "1" })}`, { headers: { "Set-Cookie": setCookie } });
  } catch (err) {
    // A page without JavaScript cannot count the resend wait down: it says what is left of it.
    const codeWait = values.email ? await registerCodeWait(values.email) : 0;
    return formFailure(request, err, { values, codeWait });
  }
}

export default function RegisterPage() {
  const { t } = useTranslation("auth");
  const { open, emailEnabled, puzzle } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as AuthActionData | undefined;
  const navigation = useNavigation();
  const kit = { Form, data, busy: navigation.state === "submitting" && navigation.formData?.get("intent") !== "sendCode" };
  return (
    <AuthCard title={t("register.title")}>
      <RegisterForm
        kit={kit}
        action="/register"
        open={open}
        emailEnabled={emailEnabled}
        initialPuzzle={puzzle}
        switchTo={{ href: (m) => (m === "login" ? "/login" : m === "reset" ? "/reset-password" : "/register") }}
      />
    </AuthCard>
  );
}
