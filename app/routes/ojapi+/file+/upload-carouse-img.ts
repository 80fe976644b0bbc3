import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiSuperAdmin } from "~/http/api.server";
import { receiveMarkdownUpload } from "~/http/community.server";
import { MARKDOWN_UPLOADS } from "~/lib/community";
import { addCarouselImage } from "~/services/site/home.server";

// POST /ojapi/file/upload-carouse-img (HOJ's spelling; multipart `image`): a picture for the home
// page's carousel; data {id, url}. Super admin.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiSuperAdmin(request);
  const { upload, tooLarge } = await receiveMarkdownUpload(request, ["image", "file"], MARKDOWN_UPLOADS.imageMaxBytes);
  return addCarouselImage(user, upload?.file ?? null, tooLarge);
}, ["community"]);
