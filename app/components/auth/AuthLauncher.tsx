import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from "react";
import { useTranslation } from "~/lib/translation";
import { AUTH_MODES, authModeFromSearch, type AuthMode } from "~/lib/auth-modes";
import { withBase } from "~/lib/base-path";
import type { AuthModalProps } from "./AuthModal";
import { ServerAuthModal } from "./auth-modal.server";

// Opens the login modal (see AuthModal.tsx) on every page, without making every page download it:
// - the server renders the modal itself when the URL asks for it (?login=1, ?register=1, ?reset=1),
//   so it works without JavaScript;
// - in the browser the modal's code is a separate chunk, fetched when the URL asks for the modal
//   (the server's markup stays in place, inside a Suspense boundary, until that code has arrived
//   and taken it over) or when a link marked data-auth="login|register|reset" is pressed. Such a
//   click is taken over here instead of going to the plain page; the plain page is the way out if
//   the chunk cannot be fetched.
// Once the page is interactive (its click handler attached and an open modal taken over) the
// document says so with html[data-auth-ready], for scripts and browser tests that must not click
// too early.

const loadModal = () => import("./AuthModal");
const LazyAuthModal = lazy<ComponentType<AuthModalProps>>(() =>
  loadModal().then(
    (m) => ({ default: m.AuthModal }),
    () => ({ default: PlainPage }),
  ),
);
/** The server's build has the modal at hand; the browser's gets an empty module here. */
const Modal: ComponentType<AuthModalProps> = ServerAuthModal ?? LazyAuthModal;

const PLAIN_PAGES: Record<AuthMode, string> = { login: "/login", register: "/register", reset: "/reset-password" };

/** The modal's code could not be fetched: its plain page instead. */
function PlainPage({ mode }: AuthModalProps) {
  useEffect(() => {
    const redirectTo = new URLSearchParams(window.location.search).get("redirectTo");
    window.location.assign(withBase(PLAIN_PAGES[mode]) + (redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ""));
  }, [mode]);
  return null;
}

function isMode(v: unknown): v is AuthMode {
  return typeof v === "string" && (AUTH_MODES as readonly string[]).includes(v);
}

/** `signedIn`: the root's viewer; `registerOpen`: the site takes new accounts. */
export function AuthLauncher({ signedIn, registerOpen }: { signedIn: boolean; registerOpen: boolean }) {
  const location = useLocation();
  const urlMode = authModeFromSearch(location.search);
  const { i18n } = useTranslation();
  const [clicked, setClicked] = useState<AuthMode | null>(null);
  const mode = signedIn ? null : (clicked ?? urlMode);
  // Whether the first render showed the modal (the server's, opened by the URL).
  const openedByServer = useRef(mode !== null);
  // The control that opened the modal: focus goes back to it when the modal closes.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (clicked !== null || !opener.current) return;
    const el = opener.current;
    opener.current = null;
    // After the dialog has gone and the page is no longer inert.
    const frame = requestAnimationFrame(() => {
      if (el.isConnected) el.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [clicked]);

  // A new page (a redirect after login, a link) closes a modal that was opened by a click.
  useEffect(() => {
    setClicked(null);
  }, [location.key]);

  useEffect(() => {
    const linkOf = (e: Event) => (e.target instanceof Element ? e.target.closest("[data-auth]") : null);
    // The modal's code and its translations (the "auth" namespace, which pages without the modal
    // do not carry) come together.
    const load = () => Promise.all([loadModal(), i18n.loadNamespaces("auth")]);
    // Fetching starts as the finger or button goes down, or a link gets focus, before the click.
    const warm = (e: Event) => {
      if (isMode(linkOf(e)?.getAttribute("data-auth"))) load().catch(() => undefined);
    };
    const onClick = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = linkOf(e);
      const mode = link?.getAttribute("data-auth");
      if (!isMode(mode)) return;
      // Capture phase: the router's own click handler never sees it.
      e.preventDefault();
      e.stopPropagation();
      const href = link instanceof HTMLAnchorElement ? link.href : null;
      if (link instanceof HTMLElement) opener.current = link;
      load().then(
        () => setClicked(mode),
        () => {
          if (href) window.location.assign(href);
        },
      );
    };
    document.addEventListener("pointerdown", warm, true);
    document.addEventListener("focusin", warm, true);
    document.addEventListener("click", onClick, true);
    // With the modal open from the URL, the modal itself says when it is ready.
    if (!openedByServer.current) document.documentElement.dataset.authReady = "1";
    return () => {
      document.removeEventListener("pointerdown", warm, true);
      document.removeEventListener("focusin", warm, true);
      document.removeEventListener("click", onClick, true);
      delete document.documentElement.dataset.authReady;
    };
  }, [i18n]);

  return (
    <Suspense fallback={null}>
      {mode ? <Modal mode={mode} urlMode={urlMode} clicked={clicked} setClicked={setClicked} registerOpen={registerOpen} /> : null}
    </Suspense>
  );
}
