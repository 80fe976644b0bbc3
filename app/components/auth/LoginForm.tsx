import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { LOGIN_PASSWORD_MAX, type AuthMode, type PuzzleView } from "~/lib/account";
import { LIMITS } from "~/lib/constants";
import { errorsOf, Field, FormAlert, primaryButton, type FormKit } from "./fields";
import { SlidePuzzle } from "./SlidePuzzle";

export interface ModeSwitch {
  /** Where the link goes without JavaScript. */
  href: (mode: AuthMode) => string;
  /** With JavaScript: switch in place (the modal). */
  onSwitch?: (mode: AuthMode) => void;
}

export function SwitchLink({ to, mode, children }: { to: ModeSwitch; mode: AuthMode; children: React.ReactNode }) {
  return (
    <Link
      to={to.href(mode)}
      data-switch={mode}
      className="underline underline-offset-2"
      onClick={(e) => {
        if (!to.onSwitch) return;
        e.preventDefault();
        to.onSwitch(mode);
      }}
    >
      {children}
    </Link>
  );
}

/**
 * The login form of the modal, the /login page and /admin/login. It posts to `action`; a refusal
 * comes back with field errors (never the password) and, after repeated failures, a slide puzzle.
 */
export function LoginForm({
  kit,
  action,
  redirectTo,
  defaultUsername = "",
  initialPuzzle,
  switchTo,
  autoFocus = true,
  notice,
}: {
  kit: FormKit;
  action: string;
  redirectTo: string;
  defaultUsername?: string;
  initialPuzzle?: PuzzleView | null;
  /** Links to register and reset; absent on the admin login. */
  switchTo?: ModeSwitch;
  autoFocus?: boolean;
  /** A message that stays above the form (after registering: you can log in now). */
  notice?: string;
}) {
  const { t } = useTranslation("auth");
  const formRef = useRef<HTMLFormElement>(null);
  const errors = errorsOf(kit.data);
  // An answer that went past the field checks says whether a puzzle is needed (and brings a fresh
  // one); a refusal of the fields alone leaves the current puzzle in place.
  const [kept, setKept] = useState<PuzzleView | null>(initialPuzzle ?? null);
  const decided = kit.data?.data;
  useEffect(() => {
    if (decided) setKept(decided.puzzle ?? null);
  }, [decided]);
  const puzzle = decided ? (decided.puzzle ?? null) : kept;
  const username = kit.data?.values?.username ?? defaultUsername;

  return (
    <kit.Form method="post" action={action} ref={formRef} noValidate className="space-y-4" data-form="login">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {notice && !errors._form ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {errors._form ? <FormAlert>{errors._form}</FormAlert> : null}
      <Field
        name="username"
        label={t("fields.username")}
        placeholder={t("placeholders.username")}
        defaultValue={username}
        key={`u-${username}`}
        autoComplete="username"
        maxLength={LIMITS.usernameMax}
        autoFocus={autoFocus}
        error={errors.username}
      />
      <Field
        name="password"
        type="password"
        label={t("fields.password")}
        placeholder={t("placeholders.password")}
        autoComplete="current-password"
        maxLength={LOGIN_PASSWORD_MAX}
        error={errors.password}
      />
      {puzzle ? <SlidePuzzle key={puzzle.token} puzzle={puzzle} error={errors.puzzle} onSolved={() => formRef.current?.requestSubmit()} /> : null}
      <button type="submit" className={primaryButton} disabled={kit.busy}>
        {kit.busy ? t("login.submitting") : t("login.submit")}
      </button>
      {switchTo ? (
        <div className="flex justify-between text-sm">
          <span>
            {t("login.noAccount")} <SwitchLink to={switchTo} mode="register">{t("login.registerNow")}</SwitchLink>
          </span>
          <SwitchLink to={switchTo} mode="reset">{t("login.forgot")}</SwitchLink>
        </div>
      ) : null}
    </kit.Form>
  );
}
