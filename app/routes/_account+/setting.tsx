import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "remix-utils/use-hydrated";
import { errorsOf, Field, FormAlert, inputClass, usePasswordMatch } from "~/components/auth/fields";
import { SendCodeButton, useSendCode } from "~/components/auth/SendCodeButton";
import { AvatarForm } from "~/components/auth/AvatarForm";
import { GENDERS, PROFILE_LIMITS, type AuthActionData } from "~/lib/account";
import { LIMITS } from "~/lib/constants";
import {
  changeEmail,
  changeEmailCodeSchema,
  changeEmailSchema,
  changePassword,
  changePasswordSchema,
  changeUserInfo,
  changeUserInfoSchema,
  sendChangeEmailCode,
} from "~/services/account/account.server";
import { authT, clientOf, formFailure } from "~/http/account.server";
import { currentSessionId } from "~/http/auth-session.server";
import { flash } from "~/http/flash.server";
import { emailEnabled } from "~/services/platform/mail.server";
import { siteRedirect } from "~/http/paths.server";
import { requireUser } from "~/http/guards.server";
import { findUserById } from "~/services/account/users.server";
import { formObject } from "~/services/platform/validation.server";
import { pageTitle } from "~/lib/meta";

// /setting (auth required): Account (change password, change e-mail) and UserInfo, each a
// collapsible section (spec section 2). Every form works without JavaScript.

export const handle = { i18n: ["common", "auth"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function loader({ request }: LoaderFunctionArgs) {
  const current = await requireUser(request);
  const user = await findUserById(current._id);
  if (!user) throw siteRedirect("/home");
  const t = await authT(request);
  return json({
    title: t("setting.title"),
    emailEnabled: emailEnabled(),
    account: { username: user.username, email: user.email, avatar: user.avatar },
    profile: {
      nickname: user.nickname,
      realname: user.realname,
      school: user.school,
      gender: user.gender,
      signature: user.signature,
      github: user.github,
      blog: user.blog,
      cfUsername: user.cfUsername,
      number: user.number,
    },
  });
}

const INTENTS = ["changePassword", "sendEmailCode", "changeEmail", "changeInfo"] as const;
type Intent = (typeof INTENTS)[number];

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const input = formObject(await request.formData());
  const intent = (INTENTS as readonly string[]).includes(String(input.intent)) ? (input.intent as Intent) : "changeInfo";
  const str = (k: string) => (typeof input[k] === "string" ? (input[k] as string).slice(0, 2000) : "");
  const done = async (key: string) =>
    siteRedirect("/setting", { headers: { "Set-Cookie": await flash(request, { type: "success", key }) } });

  try {
    switch (intent) {
      case "changePassword":
        await changePassword(user._id, changePasswordSchema.parse(input), await currentSessionId(request));
        return await done("auth:setting.passwordChanged");
      case "sendEmailCode": {
        const { email } = changeEmailCodeSchema.parse({ email: input.email ?? input.newEmail });
        const sent = await sendChangeEmailCode(user._id, email, clientOf(request, context), await authT(request));
        return json({ ok: true, intent, codeSent: { email: sent.email, wait: sent.wait }, values: { newEmail: sent.email } });
      }
      case "changeEmail":
        await changeEmail(user._id, changeEmailSchema.parse(input));
        return await done("auth:setting.emailChanged");
      case "changeInfo":
        await changeUserInfo(user._id, changeUserInfoSchema.parse(input));
        return await done("auth:setting.infoSaved");
    }
  } catch (err) {
    const values =
      intent === "changeInfo"
        ? Object.fromEntries(Object.keys(PROFILE_LIMITS).concat("gender").map((k) => [k, str(k)]))
        : { newEmail: str("newEmail") };
    return formFailure(request, err, { intent, values });
  }
}

function Section({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <details open className="group rounded-md bg-white shadow" id={id}>
      <summary className="cursor-pointer select-none border-b border-gray-100 px-5 py-3 text-lg font-semibold text-gray-800">{title}</summary>
      <div className="p-5">{children}</div>
    </details>
  );
}

const button = "rounded bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark disabled:opacity-60";

export default function SettingPage() {
  const { t } = useTranslation("auth");
  const { account, profile, emailEnabled } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as AuthActionData | undefined;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state === "submitting";
  const sender = useSendCode("/setting");
  const match = usePasswordMatch();
  const of = (intent: Intent) => (answer?.intent === intent ? answer : undefined);
  const pwErrors = errorsOf(of("changePassword"));
  const emailAnswer = of("changeEmail") ?? of("sendEmailCode");
  const emailErrors = errorsOf(emailAnswer);
  const infoAnswer = of("changeInfo");
  const infoErrors = errorsOf(infoAnswer);
  const info = { ...profile, ...(infoAnswer?.values ?? {}) };
  const sendError = sender.errors.newEmail ?? sender.errors.email ?? sender.errors._form;
  const codeSent = !hydrated && emailAnswer?.ok ? emailAnswer.codeSent : undefined;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-semibold text-gray-800">{t("setting.title")}</h1>

      <Section title={t("setting.account")} id="account">
        <div className="grid gap-8 sm:grid-cols-2">
          <Form method="post" noValidate className="space-y-4" data-form="change-password">
            <h2 className="font-medium text-gray-700">{t("setting.changePassword")}</h2>
            <input type="hidden" name="intent" value="changePassword" />
            {pwErrors._form ? <FormAlert>{pwErrors._form}</FormAlert> : null}
            <Field name="oldPassword" id="pw-old" type="password" label={t("setting.oldPassword")} autoComplete="current-password" maxLength={100} error={pwErrors.oldPassword} />
            <Field
              name="newPassword"
              id="pw-new"
              type="password"
              label={t("setting.newPassword")}
              autoComplete="new-password"
              maxLength={LIMITS.passwordMax}
              error={pwErrors.newPassword}
              {...match.first}
            />
            <Field
              name="passwordAgain"
              id="pw-again"
              type="password"
              label={t("setting.passwordAgain")}
              autoComplete="new-password"
              maxLength={LIMITS.passwordMax}
              error={match.error ?? pwErrors.passwordAgain}
              {...match.second}
            />
            <button type="submit" className={button} disabled={busy}>
              {t("setting.update")}
            </button>
          </Form>

          <Form method="post" noValidate className="space-y-4" data-form="change-email">
            <h2 className="font-medium text-gray-700">{t("setting.changeEmail")}</h2>
            <button type="submit" name="intent" value="changeEmail" className="sr-only" tabIndex={-1} aria-hidden="true" />
            {emailErrors._form ? <FormAlert>{emailErrors._form}</FormAlert> : null}
            <p className="text-sm text-gray-600">
              {t("setting.currentEmail")}: <span data-current-email>{account.email || t("setting.noCurrentEmail")}</span>
            </p>
            <Field
              name="newEmail"
              id="email-new"
              type="email"
              label={t("setting.newEmail")}
              defaultValue={emailAnswer?.values?.newEmail ?? ""}
              autoComplete="email"
              error={emailErrors.newEmail ?? emailErrors.email}
            />
            {emailEnabled ? (
              <Field
                name="code"
                id="email-code"
                label={t("fields.code")}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={LIMITS.emailCodeLength}
                error={emailErrors.code ?? sendError}
                addon={<SendCodeButton intent="sendEmailCode" emailField="newEmail" sender={sender} />}
                hint={
                  codeSent ? (
                    <p className="mt-1 text-xs text-green-700" role="status">
                      {t("code.sentTo", { email: codeSent.email, seconds: codeSent.wait })}
                    </p>
                  ) : null
                }
              />
            ) : (
              <FormAlert tone="info">{t("setting.noEmailNote")}</FormAlert>
            )}
            <Field name="password" id="email-password" type="password" label={t("setting.password")} autoComplete="current-password" maxLength={100} error={emailErrors.password} />
            <button type="submit" name="intent" value="changeEmail" className={button} disabled={busy}>
              {t("setting.update")}
            </button>
          </Form>
        </div>
      </Section>

      <Section title={t("setting.avatar.title")} id="avatar">
        <AvatarForm avatar={account.avatar} username={account.username} busy={busy} />
      </Section>

      <Section title={t("setting.userInfo")} id="user-info">
        <Form method="post" noValidate className="space-y-4" data-form="user-info">
          <input type="hidden" name="intent" value="changeInfo" />
          {infoErrors._form ? <FormAlert>{infoErrors._form}</FormAlert> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            {(["nickname", "realname", "school", "number", "cfUsername", "github", "blog"] as const).map((k) => (
              <Field key={k} name={k} id={`info-${k}`} label={t(`setting.${k}`)} defaultValue={info[k] ?? ""} maxLength={PROFILE_LIMITS[k]} error={infoErrors[k]} />
            ))}
            <div>
              <label htmlFor="info-gender" className="mb-1 block text-sm text-gray-600">
                {t("setting.gender")}
              </label>
              <select id="info-gender" name="gender" defaultValue={info.gender || "secrecy"} className={inputClass}>
                {GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {t(`setting.genders.${g}`)}
                  </option>
                ))}
              </select>
              {infoErrors.gender ? <p className="mt-1 text-xs text-red-600">{infoErrors.gender}</p> : null}
            </div>
          </div>
          <div>
            <label htmlFor="info-signature" className="mb-1 block text-sm text-gray-600">
              {t("setting.signature")}
            </label>
            <textarea id="info-signature" name="signature" rows={4} defaultValue={info.signature ?? ""} maxLength={PROFILE_LIMITS.signature} className={inputClass} />
            {infoErrors.signature ? <p className="mt-1 text-xs text-red-600">{infoErrors.signature}</p> : null}
          </div>
          <button type="submit" className={button} disabled={busy}>
            {t("setting.save")}
          </button>
        </Form>
      </Section>
    </div>
  );
}
