import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiUser } from "~/http/api.server";
import { receiveMarkdownUpload } from "~/http/community.server";
import { MARKDOWN_UPLOADS } from "~/lib/community";
import { saveMarkdownImage } from "~/services/community/files.server";
import { withBase } from "~/lib/base-path";

// POST /ojapi/file/upload-md-img (multipart `image`, optional gid): a picture for Markdown; data
// {link, fileId}. Admin roles (group admins in their group).
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const { upload, tooLarge, gid } = await receiveMarkdownUpload(request, ["image", "file"], MARKDOWN_UPLOADS.imageMaxBytes);
  // A group's admins may upload to their group once groups answer who they are; until then the
  // admin roles alone.
  const saved = await saveMarkdownImage(user, upload?.file ?? null, { tooLarge, gid, groupAdmin: false });
  return { link: withBase(saved.link), fileId: saved.fileId };
}, ["community"]);
