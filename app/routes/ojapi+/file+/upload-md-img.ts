import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiUser } from "~/http/api.server";
import { receiveMarkdownUpload } from "~/http/community.server";
import { MARKDOWN_UPLOADS } from "~/lib/community";
import { saveMarkdownImage } from "~/services/community/files.server";
import { withBase } from "~/lib/base-path";
import { groupFor } from "~/services/group/groups.server";

// POST /ojapi/file/upload-md-img (multipart `image`, optional gid): a picture for Markdown; data
// {link, fileId}. Admin roles (group admins in their group).
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const { upload, tooLarge, gid } = await receiveMarkdownUpload(request, ["image", "file"], MARKDOWN_UPLOADS.imageMaxBytes);
  // With a gid, the viewer's role in that group decides (its admins may upload there).
  const groupAdmin = gid !== null ? (await groupFor(gid, user)).isAdmin : false;
  const saved = await saveMarkdownImage(user, upload?.file ?? null, { tooLarge, gid, groupAdmin });
  return { link: withBase(saved.link), fileId: saved.fileId };
}, ["community"]);
