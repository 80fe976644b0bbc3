import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminCard } from "~/components/admin/AdminShell";
import { ConfirmSubmit, Notice, primaryButtonClass } from "~/components/admin-problem/ui";
import { receiveMarkdownUpload } from "~/http/community.server";
import { flash } from "~/http/flash.server";
import { requireSuperAdmin } from "~/http/guards.server";
import { inputId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { withBase } from "~/lib/base-path";
import { MARKDOWN_UPLOADS } from "~/lib/community";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { addCarouselImage, carouselImages, removeCarouselImage } from "~/services/site/home.server";

// The home page's carousel (super admin): add a picture (png, jpg, gif, webp, bmp; 5 MB) or take
// one out after a confirmation. Without pictures the home page shows its default banner.

export const handle = { i18n: ["community", "admin-problem"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuperAdmin(request);
  const t = await getT(request, "community");
  return json({ pageTitle: t("admin.carousel"), images: await carouselImages() });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSuperAdmin(request);
  const t = await getT(request, ["community", "common"]);
  try {
    if (/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) {
      const { upload, tooLarge } = await receiveMarkdownUpload(request, ["image"], MARKDOWN_UPLOADS.imageMaxBytes);
      await addCarouselImage(user, upload?.file ?? null, tooLarge);
    } else {
      const form = await request.formData();
      if (form.get("confirmed") !== "1") return json({ error: t("admin.confirmCarouselDelete") });
      await removeCarouselImage(user, inputId(form.get("id")));
    }
  } catch (err) {
    if (err instanceof DomainError) return json({ error: t(err.message, err.params ?? {}) }, { status: httpStatusOf(err.kind) });
    throw err;
  }
  return siteRedirect("/admin/home-carousel", { headers: { "Set-Cookie": await flash(request, { type: "success", key: "common:success.update" }) } });
}

export default function AdminCarousel() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("community");
  return (
    <AdminCard title={data.pageTitle}>
      {answer?.error ? <Notice kind="error">{answer.error}</Notice> : null}
      <Form method="post" encType="multipart/form-data" className="mb-4 flex flex-wrap items-end gap-3" data-testid="carousel-form">
        <label className="flex flex-col text-sm">
          {t("admin.carouselPicture")}
          <input type="file" name="image" accept=".png,.jpg,.jpeg,.gif,.webp,.bmp" className="mt-1 text-sm" />
        </label>
        <button type="submit" className={primaryButtonClass}>
          {t("admin.upload")}
        </button>
      </Form>
      {data.images.length === 0 ? (
        <p className="py-4 text-gray-700">{t("admin.noCarousel")}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="carousel-images">
          {data.images.map((img, i) => (
            <li key={img.id} className="space-y-2 rounded border p-2">
              <img src={withBase(img.url)} alt={t("admin.carouselNumber", { n: i + 1 })} className="h-32 w-full rounded object-cover" loading="lazy" />
              <Form method="post">
                <input type="hidden" name="id" value={img.id} />
                <ConfirmSubmit name="intent" value="delete" message={t("admin.confirmCarouselDelete")}>
                  {t("comments.delete")}
                </ConfirmSubmit>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </AdminCard>
  );
}
