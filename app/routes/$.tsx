import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NotFound } from "~/components/layout/NotFound";
import type { RouteHandle } from "~/lib/route-handle";
import { getT } from "~/services/platform/i18n.server";
import { sameSiteReferrer } from "~/http/route-guards.server";
import { pageTitle } from "~/lib/meta";

// Any path no other route claims: the 404 page, for everybody. The specification's auth-required
// screens that do not exist yet (/message, /contest/{id}, /group/{id}) are 404 too: sending a
// visitor to log in first only to show a missing page afterwards would promise a page there is not.

export const handle: RouteHandle = { i18n: ["common"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title ?? "404");

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  return json({ back: sameSiteReferrer(request), title: t("notFound.title") }, { status: 404 });
}

export default function CatchAll() {
  const { back } = useLoaderData<typeof loader>();
  return <NotFound back={back} />;
}
