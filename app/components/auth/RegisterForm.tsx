import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "remix-utils/use-hydrated";
import { LIMITS } from "~/lib/constants";
import { errorsOf, Field, FormAlert, primaryButton, type FormKit, usePasswordMatch } from "./fields";
import { SwitchLink, type ModeSwitch } from "./LoginForm";
import { SendCodeButton, useSendCode } from "./SendCodeButton";
import { useTakenCheck } from "./useTakenCheck";
import { SlidePuzzle } from "./SlidePuzzle";
import type { PuzzleView } from "~/lib/account";

/**
 * Registration: username, password twice, e-mail and the e-mailed code (spec section 5). Without
 * SMTP the code row is replaced by a note. A refusal clears the code field (spec section 8).
 */
export function RegisterForm({
  kit,
  action,
  open,
  emailEnabled,
  switchTo,
  inModal = false,
  initialPuzzle,
}: {
  kit: FormKit;
  action: string;
  open: boolean;
  emailEnabled: boolean;
  switchTo: ModeSwitch;
  inModal?: boolean;
  /** The slide puzzle the page asks for before the first try (many registrations from the address). */
  initialPuzzle?: PuzzleView | null;
}) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const sender = useSendCode(action);
  const codeRef = useRef<HTMLInputElement>(null);
  const [blurErrors, setBlurErrors] = useState<Record<string, string>>({});
  const check = useTakenCheck();
  const match = usePasswordMatch();
  const data = kit.data;
  const errors = { ...errorsOf(data), ...blurErrors };
  const values = data?.values ?? {};
  // A refusal past the field checks says whether a puzzle is needed (and brings a fresh one); a
  // refusal of the fields alone leaves the current puzzle in place.
  const [kept, setKept] = useState<PuzzleView | null>(initialPuzzle ?? null);
  const decided = data && !data.ok ? data.data : undefined;
  useEffect(() => {
    if (decided) setKept(decided.puzzle ?? null);
  }, [decided]);
  const puzzle = decided ? (decided.puzzle ?? null) : kept;

  // A refused registration empties the code: a new one must be typed (or requested).
  useEffect(() => {
    if (data && !data.ok && codeRef.current) codeRef.current.value = "";
  }, [data]);

  if (!open) return <FormAlert tone="warning">{t("register.closed")}</FormAlert>;

  // Without JavaScript the "Get code" button cannot count down: the form says how long to wait.
  const codeSentNote =
    hydrated || !data ? null : data.ok && data.codeSent ? (
      <p className="mt-1 text-xs text-green-700" role="status">
        {t("code.sentTo", { email: data.codeSent.email, seconds: data.codeSent.wait })}
      </p>
    ) : !data.ok && data.codeWait ? (
      <p className="mt-1 text-xs text-gray-600" role="status" data-code-wait="">
        {t("code.waitLeft", { seconds: data.codeWait })}
      </p>
    ) : null;
  const sendError = sender.errors.email ?? sender.errors._form;

  const onBlurCheck = (field: "username" | "email") => async (e: React.FocusEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value.trim();
    const taken = value ? await check({ [field]: value }) : null;
    setBlurErrors((prev) => {
      const next = { ...prev };
      delete next[field];
      if (taken?.[field]) next[field] = t(field === "username" ? "validation.usernameExists" : "validation.emailExists");
      return next;
    });
  };

  return (
    <kit.Form method="post" action={action} noValidate className="space-y-4" data-form="register">
      {/* The default button for Enter: the register button, not "Get code" (first in the form). */}
      <button type="submit" name="intent" value="register" className="sr-only" tabIndex={-1} aria-hidden="true" />
      {inModal && hydrated ? <input type="hidden" name="_modal" value="1" /> : null}
      {errors._form ? <FormAlert>{errors._form}</FormAlert> : null}
      <Field
        name="username"
        label={t("fields.username")}
        placeholder={t("placeholders.username")}
        defaultValue={values.username ?? ""}
        autoComplete="username"
        maxLength={LIMITS.usernameMax}
        autoFocus
        error={errors.username}
        onBlur={onBlurCheck("username")}
      />
      <Field
        name="password"
        type="password"
        label={t("fields.password")}
        placeholder={t("placeholders.password")}
        autoComplete="new-password"
        maxLength={LIMITS.passwordMax}
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
      <Field
        name="email"
        type="email"
        label={t("fields.email")}
        placeholder={t("placeholders.email")}
        defaultValue={values.email ?? ""}
        autoComplete="email"
        error={errors.email}
        onBlur={onBlurCheck("email")}
      />
      {emailEnabled ? (
        <Field
          name="code"
          label={t("fields.code")}
          placeholder={t("placeholders.code")}
          inputRef={codeRef}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={LIMITS.emailCodeLength}
          error={errors.code ?? sendError}
          addon={<SendCodeButton intent="sendCode" emailField="email" sender={sender} />}
          hint={codeSentNote}
        />
      ) : (
        <FormAlert tone="info">{t("register.noEmailNote")}</FormAlert>
      )}
      {puzzle ? (
        <div className="space-y-2" data-testid="register-puzzle">
          <FormAlert tone="info">{t("register.puzzleNote")}</FormAlert>
          <SlidePuzzle key={puzzle.token} puzzle={puzzle} error={errors.puzzle} />
        </div>
      ) : null}
      <button type="submit" name="intent" value="register" className={primaryButton} disabled={kit.busy}>
        {kit.busy ? t("register.submitting") : t("register.submit")}
      </button>
      <p className="text-sm">
        {t("register.haveAccount")} <SwitchLink to={switchTo} mode="login">{t("register.loginNow")}</SwitchLink>
      </p>
    </kit.Form>
  );
}
