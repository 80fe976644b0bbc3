import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NotFound } from "~/components/layout/NotFound";
import { getT } from "~/services/i18n.server";
import { requireAdmin } from "~/services/permissions.server";
import { sameSiteReferrer } from "~/services/route-guards.server";
import { pageTitle } from "~/lib/meta";

// Unknown admin paths: a visitor goes to the admin login (spec "Admin area"), an admin sees 404.

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.title ?? "404");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = await getT(request);
  return json({ back: sameSiteReferrer(request), title: t("notFound.title") }, { status: 404 });
}

export default function AdminNotFound() {
  const { back } = useLoaderData<typeof loader>();
  return <NotFound back={back} homeTo="/admin/dashboard" />;
}
