import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { flash } from "~/http/flash.server";
import { requireSuperAdmin } from "~/http/guards.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { COMMUNITY_LIMITS } from "~/lib/community";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { categoryListSchema, listCategories, saveCategories } from "~/services/community/discussions.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";

// The discussion categories (spec section 2: the super admin edits the list): rename, add one, or
// remove one that no discussion uses.

export const handle = { i18n: ["community"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  const t = await getT(request, "community");
  return json({ pageTitle: t("categories.title"), categories: (await listCategories()).map((c) => ({ id: c._id, name: c.name })) });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSuperAdmin(request);
  const t = await getT(request, ["community", "common"]);
  const form = await request.formData();
  const ids = form.getAll("id").map(String);
  const names = form.getAll("name").map(String);
  const removed = new Set(form.getAll("remove").map(String));
  const list = ids.map((id, i) => ({ id: id ? Number(id) : null, name: names[i] ?? "" })).filter((c) => !(c.id && removed.has(String(c.id))) && !(c.id === null && c.name.trim() === ""));
  const v = validate(t, categoryListSchema, list);
  if (!v.ok) return json({ error: Object.values(v.errors)[0] ?? t("common:errors.badRequest") }, { status: 400 });
  try {
    await saveCategories(user, v.data);
  } catch (err) {
    if (err instanceof DomainError) return json({ error: t(err.message, err.params ?? {}) }, { status: httpStatusOf(err.kind) });
    throw err;
  }
  return siteRedirect("/discussion-categories", { headers: { "Set-Cookie": await flash(request, { type: "success", key: "common:success.update" }) } });
}

export default function DiscussionCategories() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("community");
  const input = "w-full rounded border border-gray-400 px-2 py-1 text-sm";
  return (
    <div className="mx-auto max-w-xl p-2 sm:p-4">
      <section className="rounded bg-white p-3 shadow-sm sm:p-5">
        <h1 className="mb-3 text-xl font-semibold">{data.pageTitle}</h1>
        {answer?.error ? (
          <p className="mb-3 text-sm text-red-700" role="alert">
            {answer.error}
          </p>
        ) : null}
        <Form method="post" className="space-y-2" data-testid="category-form">
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-gray-700">
                <th className="py-1">{t("categories.name")}</th>
                <th className="w-24 py-1">{t("categories.remove")}</th>
              </tr>
            </thead>
            <tbody>
              {data.categories.map((c) => (
                <tr key={c.id}>
                  <td className="py-1 pr-2">
                    <input type="hidden" name="id" value={c.id} />
                    <input name="name" defaultValue={c.name} maxLength={COMMUNITY_LIMITS.categoryNameMax} aria-label={t("categories.nameOf", { name: c.name })} className={input} />
                  </td>
                  <td className="py-1">
                    <label className="flex items-center gap-1">
                      <input type="checkbox" name="remove" value={c.id} />
                      <span className="sr-only">{t("categories.removeOf", { name: c.name })}</span>
                      <span aria-hidden="true">{t("categories.remove")}</span>
                    </label>
                  </td>
                </tr>
              ))}
              <tr>
                <td className="py-1 pr-2" colSpan={2}>
                  <input type="hidden" name="id" value="" />
                  <input name="name" placeholder={t("categories.new")} aria-label={t("categories.new")} maxLength={COMMUNITY_LIMITS.categoryNameMax} className={input} />
                </td>
              </tr>
            </tbody>
          </table>
          <div className="flex items-center gap-3">
            <button type="submit" className="rounded bg-blue-700 px-4 py-1.5 text-sm text-white">
              {t("form.save")}
            </button>
            <Link to="/discussion" className="text-sm text-blue-800 underline">
              {t("list.title")}
            </Link>
          </div>
        </Form>
      </section>
    </div>
  );
}
