import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import { AuthCard } from "~/components/auth/AuthCard";
import { FormAlert } from "~/components/auth/fields";
import { LoginForm } from "~/components/auth/LoginForm";
import type { AuthActionData } from "~/lib/account";
import type { RouteHandle } from "~/lib/route-handle";
import { authT, clientOf, formFailure } from "~/http/account.server";
import { startUserSession } from "~/http/auth-session.server";
import { loginPagePuzzle, loginWithForm } from "~/services/account/login.server";
import { safeRedirectTarget, siteRedirect } from "~/http/paths.server";
import { mayEnterAdminArea } from "~/services/access/policy.server";
import { getCurrentUser } from "~/services/account/session.server";
import { pageTitle } from "~/lib/meta";

// /admin/login (outside the admin layout, which would send a visitor back here): administrator
// accounts only; anyone else gets "Please login again with the administrator account!". Success
// goes to redirectTo inside the site, else /admin. Like every admin path it shows only its
// content, without the site's header and footer (spec section 2).

export const handle: RouteHandle = { i18n: ["common", "auth"], adminShell: true };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectTarget(url.searchParams.get("redirectTo"), "/admin");
  const user = await getCurrentUser(request);
  if (user && mayEnterAdminArea(user)) throw siteRedirect(redirectTo);
  const t = await authT(request);
  return json({
    title: t("admin.title"),
    redirectTo,
    signedInAs: user?.username ?? null,
    puzzle: await loginPagePuzzle(clientOf(request, context)),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const redirectTo = safeRedirectTarget(form.get("redirectTo"), "/admin");
  const username = String(form.get("username") ?? "").slice(0, 100);
  const client = clientOf(request, context);
  try {
    const user = await loginWithForm(request, client, { adminOnly: true });
    const setCookie = await startUserSession(request, user._id, client, { type: "success", key: "auth:login.welcome" });
    return siteRedirect(redirectTo, { headers: { "Set-Cookie": setCookie } });
  } catch (err) {
    return formFailure(request, err, { values: { username } });
  }
}

export default function AdminLoginPage() {
  const { t } = useTranslation("auth");
  const { redirectTo, signedInAs, puzzle } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as AuthActionData | undefined;
  const navigation = useNavigation();
  const kit = { Form, data, busy: navigation.state === "submitting" };
  // No site frame on admin paths: this page is its own <main>, the skip link's target.
  return (
    <main id="main" tabIndex={-1} className="focus:outline-none">
      <AuthCard title={t("admin.title")}>
        {signedInAs && !data ? (
          <div className="mb-4 space-y-2">
            <FormAlert tone="warning">{t("admin.notAdmin")}</FormAlert>
            <p className="text-sm text-gray-600">{t("admin.signedInAs", { username: signedInAs })}</p>
          </div>
        ) : null}
        <LoginForm kit={kit} action={`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`} redirectTo={redirectTo} initialPuzzle={puzzle} />
      </AuthCard>
    </main>
  );
}
