import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NotFound } from "~/components/layout/NotFound";
import type { RouteHandle } from "~/lib/route-handle";
import { getT } from "~/services/i18n.server";
import { isAuthRequiredPath, sameSiteReferrer } from "~/services/route-guards.server";
import { requireUser } from "~/services/session.server";
import { pageTitle } from "~/lib/meta";

// Any path no other route claims. A visitor on an auth-required path is sent to log in first
// (spec section 2); everything else is the 404 page.

export const handle: RouteHandle = { i18n: ["common"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title ?? "404");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const path = `/${params["*"] ?? ""}`;
  if (isAuthRequiredPath(path)) await requireUser(request);
  const t = await getT(request);
  return json({ back: sameSiteReferrer(request), title: t("notFound.title") }, { status: 404 });
}

export default function CatchAll() {
  const { back } = useLoaderData<typeof loader>();
  return <NotFound back={back} />;
}
