import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { AuthCard } from "~/components/auth/AuthCard";
import { LoginForm } from "~/components/auth/LoginForm";
import type { AuthActionData } from "~/lib/account";
import { authT, clientOf, formFailure } from "~/http/account.server";
import { startUserSession } from "~/http/auth-session.server";
import { loginPagePuzzle, loginWithForm } from "~/services/account/login.server";
import { safeRedirectTarget, siteRedirect } from "~/http/paths.server";
import { getCurrentUser } from "~/services/account/session.server";
import { pageTitle } from "~/lib/meta";

// /login: the plain login page, and the action the login modal posts to. Success starts a new
// session, queues the welcome toast and goes to redirectTo (same site only).

export const handle = { i18n: ["common", "auth"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectTarget(url.searchParams.get("redirectTo"));
  if (await getCurrentUser(request)) throw siteRedirect(redirectTo);
  const t = await authT(request);
  const puzzle = await loginPagePuzzle(clientOf(request, context));
  // Just registered: the page says so for as long as it is shown (the toast goes after a moment).
  const notice = url.searchParams.get("registered") === "1" ? t("register.success") : null;
  return json({ title: t("login.title"), redirectTo, username: url.searchParams.get("username") ?? "", puzzle, notice });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const redirectTo = safeRedirectTarget(form.get("redirectTo"));
  const username = String(form.get("username") ?? "").slice(0, 100);
  const client = clientOf(request, context);
  try {
    const user = await loginWithForm(request, client);
    const setCookie = await startUserSession(request, user._id, client, { type: "success", key: "auth:login.welcome" });
    return siteRedirect(redirectTo, { headers: { "Set-Cookie": setCookie } });
  } catch (err) {
    return formFailure(request, err, { values: { username } });
  }
}

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const { redirectTo, username, puzzle, notice } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as AuthActionData | undefined;
  const navigation = useNavigation();
  const kit = { Form, data, busy: navigation.state === "submitting" };
  const back = redirectTo === "/home" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <AuthCard title={t("login.title")}>
      <LoginForm
        kit={kit}
        action={`/login${back}`}
        redirectTo={redirectTo}
        defaultUsername={username}
        initialPuzzle={puzzle}
        notice={notice ?? undefined}
        switchTo={{ href: (m) => (m === "register" ? "/register" : m === "reset" ? "/reset-password" : "/login") }}
      />
    </AuthCard>
  );
}
