import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { buttonClass, ConfirmSubmit, Notice, primaryButtonClass, sized } from "~/components/admin-problem/ui";
import { CategoryTag } from "~/components/training/TrainingTags";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { flash } from "~/http/flash.server";
import { requireAdmin } from "~/http/guards.server";
import { inputId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";
import { categoryInputSchema, createCategory, deleteCategory, listCategories, loadCategory, updateCategory } from "~/services/training/categories.server";
import { SITE } from "~/services/training/scope.server";

// Training categories (spec section 2, /admin/training/category): name and colour, added, edited,
// deleted with confirmation (one still used by a training is refused).

export const handle = { i18n: ["training-admin", "training", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [list, t] = await Promise.all([listCategories(SITE), getT(request, "training-admin")]);
  return json({ pageTitle: t("category.title"), rows: list.map((c) => ({ id: c._id, name: c.name, color: c.color })) });
}

type Answer = { error: string | null; errors: Record<string, string>; intent: string; rowId?: number; confirmDelete?: { id: number; name: string } };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const t = await getT(request, ["training", "common"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const fields = { name: String(form.get("name") ?? ""), color: String(form.get("color") ?? "") };
  const refuse = (a: Partial<Answer>, status: number) => json<Answer>({ error: null, errors: {}, intent, ...a }, { status });
  try {
    if (intent === "create" || intent === "update") {
      const v = validate(t, categoryInputSchema, fields);
      const id = intent === "update" ? inputId(form.get("id")) : undefined;
      if (!v.ok) return refuse({ errors: v.errors, rowId: id }, 400);
      if (id === undefined) await createCategory(user, v.data, SITE);
      else await updateCategory(user, id, v.data, SITE);
    } else if (intent === "delete") {
      const id = inputId(form.get("id"));
      if (form.get("confirmed") !== "1") {
        const c = await loadCategory(id, SITE);
        return json<Answer>({ error: null, errors: {}, intent, confirmDelete: { id, name: c.name } });
      }
      await deleteCategory(user, id, SITE);
    } else {
      return refuse({ error: t("common:errors.badRequest") }, 400);
    }
  } catch (err) {
    if (err instanceof DomainError) return refuse({ error: t(err.message, err.params ?? {}) }, httpStatusOf(err.kind));
    throw err;
  }
  const cookie = await flash(request, { type: "success", key: "training-admin:flash.saved" });
  return siteRedirect("/admin/training/category", { headers: { "Set-Cookie": cookie } });
}

export default function AdminTrainingCategories() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("training-admin");
  const createErr = answer?.intent === "create" ? answer.errors : {};
  return (
    <div className="mx-auto max-w-4xl space-y-4 p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{data.pageTitle}</h1>
        <Link to="/admin/training" className={`${buttonClass} text-gray-800`}>
          {t("list.title")}
        </Link>
      </div>
      {answer?.error ? <Notice kind="error">{answer.error}</Notice> : null}
      {answer?.intent === "update" && Object.keys(answer.errors).length ? <Notice kind="error">{String(Object.values(answer.errors)[0] ?? "")}</Notice> : null}
      {answer?.confirmDelete ? (
        <Notice kind="warning">
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <span>{t("category.confirmDelete", { name: answer.confirmDelete.name })}</span>
            <input type="hidden" name="id" value={answer.confirmDelete.id} />
            <input type="hidden" name="confirmed" value="1" />
            <button type="submit" name="intent" value="delete" className="rounded border border-red-700 px-3 py-1 text-sm text-red-700">
              {t("category.delete")}
            </button>
            <Link to="/admin/training/category">{t("list.cancel")}</Link>
          </Form>
        </Notice>
      ) : null}
      <section className="rounded border border-gray-200 bg-white p-4">
        <h2 className="mb-2 font-semibold">{t("category.add")}</h2>
        <Form method="post" className="flex flex-wrap items-start gap-3" data-testid="add-training-category">
          <input type="hidden" name="intent" value="create" />
          <label className="flex flex-col text-sm text-gray-800">
            {t("category.name")}
            <input name="name" maxLength={50} className={`mt-1 ${sized("w-48")}`} aria-invalid={createErr.name ? true : undefined} />
            {createErr.name ? (
              <span role="alert" className="mt-1 text-xs text-red-700">
                {createErr.name}
              </span>
            ) : null}
          </label>
          <label className="flex flex-col text-sm text-gray-800">
            {t("category.color")}
            <input name="color" type="color" defaultValue="#2d8cf0" className="mt-1 h-8 w-16 rounded border" aria-invalid={createErr.color ? true : undefined} />
            {createErr.color ? (
              <span role="alert" className="mt-1 text-xs text-red-700">
                {createErr.color}
              </span>
            ) : null}
          </label>
          <button type="submit" className={`${primaryButtonClass} mt-5`}>
            {t("category.addButton")}
          </button>
        </Form>
      </section>
      <div className="overflow-x-auto rounded border border-gray-200 bg-white focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>
        <table className="w-full text-left text-sm" data-testid="admin-training-categories">
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th className="px-2 py-2">ID</th>
              <th className="px-2 py-2">{t("category.preview")}</th>
              <th className="px-2 py-2">{t("category.edit")}</th>
              <th className="px-2 py-2">{t("list.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-2 py-6 text-center text-gray-700">
                  {t("category.empty")}
                </td>
              </tr>
            ) : null}
            {data.rows.map((c) => (
              <tr key={c.id} className="border-t border-gray-100" data-testid="admin-training-category" data-name={c.name}>
                <td className="px-2 py-2">{c.id}</td>
                <td className="px-2 py-2">
                  <CategoryTag name={c.name} color={c.color} />
                </td>
                <td className="px-2 py-2">
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="intent" value="update" />
                    <input type="hidden" name="id" value={c.id} />
                    <input name="name" defaultValue={c.name} maxLength={50} aria-label={t("category.nameOf", { name: c.name })} className={sized("w-40")} />
                    <input name="color" type="color" defaultValue={c.color} aria-label={t("category.colorOf", { name: c.name })} className="h-8 w-12 rounded border" />
                    <button type="submit" className={`${buttonClass} text-gray-800`}>
                      {t("category.save")}
                    </button>
                  </Form>
                </td>
                <td className="px-2 py-2">
                  <Form method="post">
                    <input type="hidden" name="id" value={c.id} />
                    <ConfirmSubmit name="intent" value="delete" message={t("category.confirmDelete", { name: c.name })}>
                      {t("category.delete")}
                    </ConfirmSubmit>
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
