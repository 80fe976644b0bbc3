import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "remix-utils/use-hydrated";
import type { AuthActionData } from "~/lib/account";
import { toast } from "~/components/ui/Toast";
import { secondaryButton } from "./fields";

// "Get code": without JavaScript a submit button of the surrounding form (the action sees
// intent=<intent> and sends the code); with JavaScript it sends only the address through a
// fetcher and counts down the wait (60 s register, 90 s reset) before it can be pressed again.
// The server enforces the wait either way.

/** Seconds left of a wait, counting down once a second; `start` begins a new wait. */
export function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const id = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(id);
  }, [left]);
  return { left, start: setLeft };
}

export function useSendCode(action: string) {
  const fetcher = useFetcher<AuthActionData>();
  const { left, start } = useCountdown();

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok && fetcher.data.codeSent) {
      start(fetcher.data.codeSent.wait);
      toast.success("auth:code.sent");
    }
  }, [fetcher.state, fetcher.data, start]);

  const send = (intent: string, email: string) => fetcher.submit({ intent, email }, { method: "post", action });
  const errors = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  return { send, left, busy: fetcher.state !== "idle", errors };
}

export function SendCodeButton({
  intent,
  emailField,
  sender,
}: {
  intent: string;
  /** Name of the e-mail input of the same form. */
  emailField: string;
  sender: ReturnType<typeof useSendCode>;
}) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const waiting = hydrated && sender.left > 0;
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      formNoValidate
      className={secondaryButton}
      disabled={waiting || sender.busy}
      data-send-code
      onClick={(e) => {
        const form = e.currentTarget.form;
        if (!form) return;
        e.preventDefault();
        const input = form.elements.namedItem(emailField);
        sender.send(intent, input instanceof HTMLInputElement ? input.value : "");
      }}
    >
      {waiting ? t("code.resendIn", { seconds: sender.left }) : t("code.send")}
    </button>
  );
}
