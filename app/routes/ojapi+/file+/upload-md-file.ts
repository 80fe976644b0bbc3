import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiUser } from "~/http/api.server";
import { receiveMarkdownUpload } from "~/http/community.server";
import { MARKDOWN_UPLOADS } from "~/lib/community";
import { saveMarkdownFile } from "~/services/community/files.server";
import { withBase } from "~/lib/base-path";

// POST /ojapi/file/upload-md-file (multipart `file`, optional gid): a file for Markdown; data {link,
// fileId}. Admin roles.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const { upload, tooLarge, gid } = await receiveMarkdownUpload(request, ["file"], MARKDOWN_UPLOADS.fileMaxBytes);
  const saved = await saveMarkdownFile(user, upload?.file ?? null, { tooLarge, gid });
  return { link: withBase(saved.link), fileId: saved.fileId };
}, ["community"]);
