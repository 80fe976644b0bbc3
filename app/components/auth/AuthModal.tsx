import { Dialog, DialogPanel } from "@headlessui/react";
import { Link, useFetcher, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "remix-utils/use-hydrated";
import { AUTH_QUERY_KEYS, type AuthActionData, type AuthMode } from "~/lib/account";
import type { loader as registerLoader } from "~/routes/_account+/register";
import type { loader as resetLoader } from "~/routes/_account+/reset-password";
import { toast } from "~/components/ui/Toast";
import { LoginForm, type ModeSwitch } from "./LoginForm";
import { RegisterForm } from "./RegisterForm";
import { ResetApplyForm } from "./ResetForms";
import { FormAlert } from "./fields";

// The login modal (spec section 2: one modal, 370px wide, not closed by a click outside, titled by
// its mode). It opens
// - when the URL has ?login=1, ?register=1 or ?reset=1 (where loginRedirect() sends a visitor who
//   opened a protected page, with notice=pleaseLoginFirst and redirectTo); the server renders it
//   open, so it works without JavaScript, its forms posting to /login, /register, /reset-password;
// - when a link with data-auth="login|register|reset" is clicked (the header's links).
// AuthLauncher.tsx decides when, and fetches this module in the browser only then.

export interface AuthModalProps {
  mode: AuthMode;
  /** The mode the URL asks for, if any. */
  urlMode: AuthMode | null;
  /** The mode a click chose, if any (wins over the URL's). */
  clicked: AuthMode | null;
  setClicked: (mode: AuthMode | null) => void;
  registerOpen: boolean;
}

/** The query without the modal's own keys. */
function strippedSearch(params: URLSearchParams): string {
  const rest = new URLSearchParams(params);
  for (const k of AUTH_QUERY_KEYS) rest.delete(k);
  const s = rest.toString();
  return s ? `?${s}` : "";
}

export function AuthModal({ mode, urlMode, clicked, setClicked, registerOpen }: AuthModalProps) {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const hydrated = useHydrated();
  const params = new URLSearchParams(location.search);
  const [username, setUsername] = useState("");
  const [registered, setRegistered] = useState(false);

  // Taken over in the browser: the page is interactive (see AuthLauncher).
  useEffect(() => {
    document.documentElement.dataset.authReady = "1";
  }, []);

  const stripped = location.pathname + strippedSearch(params);
  const redirectTo = (urlMode && params.get("redirectTo")) || stripped;
  const notice = urlMode && params.get("notice") === "pleaseLoginFirst";

  const close = useCallback(() => setClicked(null), [setClicked]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && clicked) close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [clicked, close]);

  const switchTo: ModeSwitch = {
    href: (m) => {
      const q = new URLSearchParams(strippedSearch(params));
      q.set(m, "1");
      q.set("redirectTo", redirectTo);
      return `${location.pathname}?${q.toString()}`;
    },
    onSwitch: hydrated ? (m) => setClicked(m) : undefined,
  };

  const title = { login: t("login.title"), register: t("register.title"), reset: t("reset.title") }[mode];

  const heading = (
    <div className="mb-4 flex items-center justify-between">
      <h2 id="auth-modal-title" className="text-lg font-semibold text-gray-800">
        {title}
      </h2>
      <Link
        to={stripped}
        aria-label={t("modal.close")}
        title={t("modal.close")}
        className="rounded px-2 text-2xl leading-none text-gray-600 hover:text-gray-800"
        preventScrollReset
        replace
        onClick={(e) => {
          // Opened by a click: nothing in the URL to undo.
          if (clicked && !urlMode) {
            e.preventDefault();
            close();
          } else {
            setClicked(null);
          }
        }}
      >
        ×
      </Link>
    </div>
  );
  const content = (
    <>
      {heading}
      {notice && mode === "login" ? (
        <div className="mb-4">
          <FormAlert tone="warning">{t("modal.pleaseLoginFirst")}</FormAlert>
        </div>
      ) : null}
      {mode === "login" ? <ModalLogin redirectTo={redirectTo} switchTo={switchTo} username={username} notice={registered ? t("register.success") : undefined} /> : null}
      {mode === "register" ? (
        <ModalRegister
          open={registerOpen}
          switchTo={switchTo}
          onRegistered={(name) => {
            setUsername(name);
            setRegistered(true);
            setClicked("login");
          }}
        />
      ) : null}
      {mode === "reset" ? <ModalReset switchTo={switchTo} /> : null}
    </>
  );
  const panelCls = "w-[370px] max-w-full rounded-md bg-white p-5 shadow-xl";

  // Without scripts (and for the first render in the browser, which takes the server's markup
  // over) the modal is plain markup; once the page is interactive it is a Headless UI dialog: focus
  // stays inside (Tab cycles), the page behind is inert, and closing gives focus back to what
  // opened it. A click outside never closes it (spec); Esc closes one opened by a click.
  if (!hydrated) {
    return (
      <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/40 p-4 sm:pt-[8vh]" data-auth-modal={mode}>
        <div role="dialog" aria-modal="true" aria-labelledby="auth-modal-title" className={panelCls}>
          {content}
        </div>
      </div>
    );
  }
  return (
    <Dialog open onClose={ignoreOutsideClick} className="relative z-50" aria-labelledby="auth-modal-title">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 sm:pt-[8vh]">
        <DialogPanel className={panelCls} data-auth-modal={mode}>
          {content}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** Headless UI reports a click outside and Esc alike; Esc is handled by the modal itself. */
function ignoreOutsideClick() {}

function ModalLogin({ redirectTo, switchTo, username, notice }: { redirectTo: string; switchTo: ModeSwitch; username: string; notice?: string }) {
  const fetcher = useFetcher<AuthActionData>({ key: "auth-modal-login" });
  const kit = { Form: fetcher.Form, data: fetcher.data, busy: fetcher.state !== "idle" };
  // redirectTo also in the address: without JavaScript a refusal shows the /login page, which keeps it.
  const action = `/login?redirectTo=${encodeURIComponent(redirectTo)}`;
  return <LoginForm kit={kit} action={action} redirectTo={redirectTo} defaultUsername={username} switchTo={switchTo} notice={notice} />;
}

function ModalRegister({ open, switchTo, onRegistered }: { open: boolean; switchTo: ModeSwitch; onRegistered: (username: string) => void }) {
  const fetcher = useFetcher<AuthActionData>({ key: "auth-modal-register" });
  const settings = useSettings<typeof registerLoader>("/register");

  // Success: a toast, then the login form with the new username filled in.
  const handled = useRef<unknown>(null);
  const onDone = useRef(onRegistered);
  onDone.current = onRegistered;
  const registered = fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data.registered : undefined;
  useEffect(() => {
    if (!registered || handled.current === registered) return;
    handled.current = registered;
    toast.success("auth:register.success");
    onDone.current(registered.username);
  }, [registered]);

  const kit = { Form: fetcher.Form, data: fetcher.data, busy: fetcher.state !== "idle" };
  return (
    <RegisterForm
      kit={kit}
      action="/register"
      open={settings?.open ?? open}
      emailEnabled={settings?.emailEnabled ?? true}
      switchTo={switchTo}
      inModal
    />
  );
}

function ModalReset({ switchTo }: { switchTo: ModeSwitch }) {
  const fetcher = useFetcher<AuthActionData>({ key: "auth-modal-reset" });
  const settings = useSettings<typeof resetLoader>("/reset-password");
  const kit = { Form: fetcher.Form, data: fetcher.data, busy: fetcher.state !== "idle" };
  return <ResetApplyForm kit={kit} action="/reset-password" emailEnabled={settings?.emailEnabled ?? true} switchTo={switchTo} />;
}

/**
 * The loader data of a plain page (whether registration is open, whether this site sends e-mail),
 * loaded once in the browser; the server-rendered modal goes by the site defaults.
 */
function useSettings<L>(path: string) {
  const fetcher = useFetcher<L>();
  const hydrated = useHydrated();
  const requested = useRef(false);
  const { load } = fetcher;
  useEffect(() => {
    if (!hydrated || requested.current) return;
    requested.current = true;
    load(path);
  }, [hydrated, load, path]);
  return fetcher.data;
}
