import { rm } from "node:fs/promises";
import { LIMITS } from "~/lib/constants";
import { saveAvatar } from "~/services/account/avatar.server";
import { AccountError } from "~/services/account/errors.server";
import { parseMultipart } from "./problem-form.server";

// The avatar upload shared by /setting/avatar (the settings page) and /ojapi/file/upload-avatar:
// the multipart body's `image` (HOJ's field; `file` too) streamed to disk up to 2 MB, then taken
// by the account service, which checks it.

export async function receiveAvatar(request: Request, uid: string): Promise<string> {
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(request.headers.get("Content-Type") ?? "")) {
    throw new AccountError("auth:setting.avatar.choose", { field: "image" });
  }
  const { files, tooLarge } = await parseMultipart(request, ["image", "file"], LIMITS.avatarMaxBytes);
  const upload = files.get("image") ?? files.get("file") ?? null;
  for (const f of files.values()) if (f !== upload) await rm(f.path, { force: true });
  return saveAvatar(uid, upload, tooLarge.length > 0 && !upload);
}
