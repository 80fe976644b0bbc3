import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { AuthCard } from "~/components/auth/AuthCard";
import { LoginForm } from "~/components/auth/LoginForm";
import type { AuthActionData } from "~/lib/account";
import { LIMITS } from "~/lib/constants";
import { authT, clientOf, formFailure } from "~/services/account-http.server";
import { startUserSession } from "~/services/auth-session.server";
import { addressFailureCount, loginWithForm } from "~/services/login.server";
import { safeRedirectTarget, siteRedirect } from "~/services/paths.server";
import { getCurrentUser } from "~/services/session.server";
import { createPuzzle } from "~/services/slide-puzzle.server";

// /login: the plain login page, and the action the login modal posts to. Success starts a new
// session, queues the welcome toast and goes to redirectTo (same site only).

export const handle = { i18n: ["common", "auth"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectTarget(url.searchParams.get("redirectTo"));
  if (await getCurrentUser(request)) throw siteRedirect(redirectTo);
  const t = await authT(request);
  // An address with 5 failures in a row gets the puzzle before its next try.
  const failures = await addressFailureCount(clientOf(request, context).ip);
  const puzzle = failures >= LIMITS.failedLoginsBeforePuzzle ? await createPuzzle() : null;
  return json({ title: t("login.title"), redirectTo, username: url.searchParams.get("username") ?? "", puzzle });
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
  const { redirectTo, username, puzzle } = useLoaderData<typeof loader>();
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
        switchTo={{ href: (m) => (m === "register" ? "/register" : m === "reset" ? "/reset-password" : "/login") }}
      />
    </AuthCard>
  );
}
