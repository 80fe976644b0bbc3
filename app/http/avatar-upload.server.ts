import { rm } from "node:fs/promises";
import { LIMITS } from "~/lib/constants";
import { saveAvatar, storeAvatarPicture } from "~/services/account/avatar.server";
import { AccountError } from "~/services/account/errors.server";
import type { CurrentUser } from "~/services/account/session.server";
import { setGroupAvatar } from "~/services/group/groups.server";
import { inputId } from "./ids.server";
import { parseMultipart } from "./problem-form.server";

// The avatar uploads: a user's (/setting/avatar, /ojapi/file/upload-avatar) and a group's (its
// settings tab, /ojapi/file/upload-group-avatar). The multipart body's `image` (HOJ's field; `file`
// too) is streamed to disk up to 2 MB, then taken by the account service, which checks it.

async function receivePicture(request: Request) {
  if (!/^multipart\/form-data\s*;\s*boundary=/i.test(request.headers.get("Content-Type") ?? "")) {
    throw new AccountError("auth:setting.avatar.choose", { field: "image" });
  }
  const { form, files, tooLarge } = await parseMultipart(request, ["image", "file"], LIMITS.avatarMaxBytes);
  const upload = files.get("image") ?? files.get("file") ?? null;
  for (const f of files.values()) if (f !== upload) await rm(f.path, { force: true });
  return { form, upload, tooLarge: tooLarge.length > 0 && !upload };
}

export async function receiveAvatar(request: Request, uid: string): Promise<string> {
  const { upload, tooLarge } = await receivePicture(request);
  return saveAvatar(uid, upload, tooLarge);
}

/**
 * A group's new avatar: the group named by the path (`gid`), else by the form's or the query's
 * `gid`; its root only (checked before the picture is kept). Returns the group's id and avatar.
 */
export async function receiveGroupAvatar(request: Request, user: CurrentUser, pathGid: number | null = null): Promise<{ gid: number; avatar: string }> {
  const { form, upload, tooLarge } = await receivePicture(request);
  try {
    const gid = pathGid ?? inputId(form.get("gid") ?? new URL(request.url).searchParams.get("gid"));
    const avatar = await setGroupAvatar(user, gid, () => storeAvatarPicture(upload, tooLarge));
    return { gid, avatar };
  } finally {
    if (upload) await rm(upload.path, { force: true });
  }
}
