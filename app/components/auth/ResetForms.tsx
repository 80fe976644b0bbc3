import { Link, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "remix-utils/use-hydrated";
import { withBase } from "~/lib/base-path";
import { LIMITS } from "~/lib/constants";
import { errorsOf, Field, FormAlert, primaryButton, type FormKit, usePasswordMatch } from "./fields";
import { SwitchLink, type ModeSwitch } from "./LoginForm";
import { useCountdown } from "./SendCodeButton";
import { useTakenCheck } from "./useTakenCheck";
import { apiFetch } from "~/lib/api-fetch";

type CaptchaData = { img: string; captchaKey: string };

/**
 * The image captcha. Server-rendered it is /auth/captcha.svg, whose key travels in a cookie; in
 * the browser it comes from /ojapi/captcha with its key in a hidden field, and `reload` draws a
 * new one (after every answer of the server: a captcha is used once).
 */
function useCaptcha() {
  const [captcha, setCaptcha] = useState<CaptchaData | null>(null);
  const reload = useCallback(async () => {
    try {
      const res = await apiFetch("/ojapi/captcha", { cache: "no-store" });
      const body = (await res.json()) as { data?: CaptchaData };
      if (body.data) setCaptcha(body.data);
    } catch {
      // Keep the current image; the server answers a stale one with "captcha expired".
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { captcha, reload };
}

/** Reset by e-mail: the address and the image captcha; the server e-mails a link and a code. */
export function ResetApplyForm({ kit, action, emailEnabled, switchTo }: { kit: FormKit; action: string; emailEnabled: boolean; switchTo: ModeSwitch }) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const location = useLocation();
  const { captcha, reload } = useCaptcha();
  const captchaRef = useRef<HTMLInputElement>(null);
  const data = kit.data;
  const errors = errorsOf(data);

  // Every answer uses the captcha up: clear the field and draw a new one (spec section 8). After a
  // sent e-mail the button waits 90 s (the server refuses sooner anyway).
  const wait = useCountdown();
  const { start } = wait;
  useEffect(() => {
    if (!data) return;
    if (captchaRef.current) captchaRef.current.value = "";
    void reload();
    if (data.ok && data.sent) start(data.sent.wait);
  }, [data, reload, start]);
  const waiting = hydrated && wait.left > 0;

  if (!emailEnabled) return <FormAlert tone="warning">{t("reset.unavailable")}</FormAlert>;

  const image = (
    <img
      src={captcha?.img ?? withBase("/auth/captcha.svg")}
      alt={t("captcha.alt")}
      width={110}
      height={40}
      className="h-[38px] w-[110px] shrink-0 rounded border border-gray-200"
      data-captcha-image
    />
  );
  const refresh = hydrated ? (
    <button type="button" className="mt-1 text-xs text-brand" onClick={() => void reload()}>
      {t("captcha.refresh")}
    </button>
  ) : (
    <Link to={location.pathname + location.search} className="mt-1 inline-block text-xs" reloadDocument>
      {t("captcha.refresh")}
    </Link>
  );

  return (
    <kit.Form method="post" action={action} noValidate className="space-y-4" data-form="reset-apply">
      <input type="hidden" name="intent" value="apply" />
      {captcha ? <input type="hidden" name="captchaKey" value={captcha.captchaKey} /> : null}
      {data?.ok && data.sent ? <FormAlert tone="success">{t("reset.sent", { email: data.sent.email })}</FormAlert> : null}
      {errors._form ? <FormAlert>{errors._form}</FormAlert> : null}
      <p className="text-sm text-gray-600">{t("reset.applyIntro")}</p>
      <Field
        name="email"
        type="email"
        label={t("fields.email")}
        placeholder={t("placeholders.email")}
        defaultValue={data?.values?.email ?? ""}
        autoComplete="email"
        autoFocus
        error={errors.email}
      />
      <Field
        name="captcha"
        label={t("fields.captcha")}
        placeholder={t("placeholders.captcha")}
        inputRef={captchaRef}
        autoComplete="off"
        maxLength={LIMITS.captchaMax}
        error={errors.captcha}
        addon={image}
        hint={refresh}
      />
      <button type="submit" className={primaryButton} disabled={kit.busy || waiting}>
        {kit.busy ? t("reset.sending") : waiting ? t("code.resendIn", { seconds: wait.left }) : t("reset.sendEmail")}
      </button>
      <p className="text-sm">
        {t("reset.rememberIt")} <SwitchLink to={switchTo} mode="login">{t("reset.backToLogin")}</SwitchLink>
      </p>
    </kit.Form>
  );
}

/** The reset page proper: username and code from the e-mailed link, and the new password twice. */
export function ResetPasswordForm({ kit, action, username, code }: { kit: FormKit; action: string; username: string; code: string }) {
  const { t } = useTranslation("auth");
  const check = useTakenCheck();
  const [usernameError, setUsernameError] = useState<string | undefined>();
  const match = usePasswordMatch();
  const errors = errorsOf(kit.data);

  return (
    <kit.Form method="post" action={action} noValidate className="space-y-4" data-form="reset-password">
      <input type="hidden" name="intent" value="reset" />
      {errors._form ? <FormAlert>{errors._form}</FormAlert> : null}
      <Field
        name="username"
        label={t("fields.username")}
        placeholder={t("placeholders.username")}
        defaultValue={kit.data?.values?.username ?? username}
        autoComplete="username"
        maxLength={LIMITS.usernameMax}
        error={usernameError ?? errors.username}
        onBlur={async (e) => {
          const value = e.currentTarget.value.trim();
          const taken = value ? await check({ username: value }) : null;
          setUsernameError(taken && !taken.username ? t("validation.usernameNotExist") : undefined);
        }}
      />
      <Field
        name="code"
        label={t("fields.code")}
        placeholder={t("placeholders.code")}
        defaultValue={code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={LIMITS.emailCodeLength}
        error={errors.code}
      />
      <Field
        name="password"
        type="password"
        label={t("reset.newPassword")}
        placeholder={t("placeholders.password")}
        autoComplete="new-password"
        maxLength={LIMITS.passwordMax}
        autoFocus
        error={errors.password}
        {...match.first}
      />
      <Field
        name="passwordAgain"
        type="password"
        label={t("fields.passwordAgain")}
        placeholder={t("placeholders.passwordAgain")}
        autoComplete="new-password"
        maxLength={LIMITS.passwordMax}
        error={match.error ?? errors.passwordAgain}
        {...match.second}
      />
      <button type="submit" className={primaryButton} disabled={kit.busy}>
        {t("reset.submit")}
      </button>
    </kit.Form>
  );
}
