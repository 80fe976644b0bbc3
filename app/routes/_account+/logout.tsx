import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { endUserSession } from "~/http/auth-session.server";
import { siteRedirect } from "~/http/paths.server";
import { pageTitle } from "~/lib/meta";
import type { RouteHandle } from "~/lib/route-handle";
import { useTranslation } from "~/lib/translation";
import { getCurrentUser } from "~/services/account/session.server";
import { getT } from "~/services/platform/i18n.server";

// /logout (spec section 2: an auth-required route that "logs out, goes to /home"). Pages change
// state on POST only: the user menu posts here, while a GET (a typed address, or a link another
// site planted) only shows the button that posts. The session record is deleted, so its cookie is
// worthless from then on. A visitor, like on any auth-required route, goes home with the login
// opened and "Please login first" (without a redirectTo: coming back here after logging in would
// only show this page again).

export const handle: RouteHandle = { i18n: ["common", "auth"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title);

const visitorRedirect = () => siteRedirect("/home?login=1&notice=pleaseLoginFirst");

export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getCurrentUser(request))) throw visitorRedirect();
  const t = await getT(request, ["auth", "common"]);
  return json({ title: t("auth:logout.button") });
}

export async function action({ request }: ActionFunctionArgs) {
  if (!(await getCurrentUser(request))) return visitorRedirect();
  const setCookie = await endUserSession(request, { type: "success", key: "auth:logout.success" });
  return siteRedirect("/home", { headers: { "Set-Cookie": setCookie } });
}

export default function Logout() {
  const { t } = useTranslation("auth");
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-xl font-semibold text-gray-800">{t("logout.button")}</h1>
      <p className="mt-3 text-gray-700">{t("logout.confirm")}</p>
      <Form method="post" className="mt-8 flex justify-center gap-3">
        <button type="submit" className="rounded bg-brand px-4 py-2 text-white hover:bg-brand-dark">
          {t("logout.button")}
        </button>
        <Link to="/home" className="rounded border border-gray-300 px-4 py-2 text-gray-800 no-underline hover:bg-gray-50">
          {t("logout.stay")}
        </Link>
      </Form>
    </div>
  );
}
