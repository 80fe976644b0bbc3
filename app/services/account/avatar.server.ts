import { createHash } from "node:crypto";
import { mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { LIMITS } from "~/lib/constants";
import { AVATAR_EXTENSIONS } from "~/lib/account";
import { User } from "~/models/user.server";
import { env } from "../platform/env.server";
import { AccountError } from "./errors.server";

// Avatars (spec sections 5 and 9: gif, jpg, jpeg, png, bmp, webp; at most 2 MB; a 200x200 crop).
// The page crops the chosen picture to 200x200 in the browser before sending it, as HOJ's cropper
// does; without JavaScript the picture is kept as sent and shown in a 200x200 frame. The server
// takes a file only when its name has an allowed extension and its first bytes are one of those
// formats, and keeps it under DATA_DIR/avatars by content hash, served at /avatar/<file>.

export const AVATAR_DIR = () => path.join(env.dataDir, "avatars");

const SIGNATURES: Array<{ ext: string; type: string; test: (b: Buffer) => boolean }> = [
  { ext: "png", type: "image/png", test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: "jpg", type: "image/jpeg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: "gif", type: "image/gif", test: (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString("latin1")) },
  { ext: "bmp", type: "image/bmp", test: (b) => b.subarray(0, 2).toString("latin1") === "BM" },
  { ext: "webp", type: "image/webp", test: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP" },
];

export const AVATAR_TYPES: Record<string, string> = Object.fromEntries(SIGNATURES.map((s) => [s.ext, s.type]));

/** The format of a picture by its first bytes, or null. */
export function pictureFormat(head: Buffer): { ext: string; type: string } | null {
  const found = SIGNATURES.find((s) => s.test(head));
  return found ? { ext: found.ext, type: found.type } : null;
}

async function headOf(file: string): Promise<Buffer> {
  const fh = await open(file, "r");
  try {
    const buf = Buffer.alloc(16);
    const { bytesRead } = await fh.read(buf, 0, 16, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Keeps an uploaded picture (a file on disk, removed here) under the avatars folder by its content
 * hash; returns its site path. Refusals: no file, a name or content that is not an allowed picture,
 * over 2 MB. Shared by the users' and the groups' avatars.
 */
export async function storeAvatarPicture(upload: { path: string; name: string; size: number } | null, tooLarge = false): Promise<string> {
  try {
    if (tooLarge || (upload && upload.size > LIMITS.avatarMaxBytes)) throw new AccountError("auth:setting.avatar.tooLarge", { kind: "tooLarge", field: "image" });
    if (!upload) throw new AccountError("auth:setting.avatar.choose", { field: "image" });
    const ext = path.extname(upload.name).slice(1).toLowerCase();
    const format = pictureFormat(await headOf(upload.path));
    if (!(AVATAR_EXTENSIONS as readonly string[]).includes(ext) || !format) throw new AccountError("auth:setting.avatar.fileType", { field: "image" });
    const data = await readFile(upload.path);
    const name = `${createHash("sha256").update(data).digest("hex").slice(0, 32)}.${format.ext}`;
    await mkdir(AVATAR_DIR(), { recursive: true });
    const target = path.join(AVATAR_DIR(), name);
    if (!(await stat(target).catch(() => null))) await rename(upload.path, target);
    return `/avatar/${name}`;
  } finally {
    if (upload) await rm(upload.path, { force: true });
  }
}

/** Takes an uploaded picture as the user's avatar; returns the new avatar's site path. */
export async function saveAvatar(uid: string, upload: { path: string; name: string; size: number } | null, tooLarge = false): Promise<string> {
  const avatar = await storeAvatarPicture(upload, tooLarge);
  await User.updateOne({ _id: uid }, { $set: { avatar, gmtModified: new Date() } });
  return avatar;
}

/** A stored avatar's file and type, or null (names are content hashes: nothing else is served). */
export async function avatarFile(name: string): Promise<{ file: string; type: string } | null> {
  const m = /^([0-9a-f]{32})\.(png|jpg|gif|bmp|webp)$/.exec(name);
  if (!m) return null;
  const file = path.join(AVATAR_DIR(), name);
  if (!(await stat(file).catch(() => null))) return null;
  return { file, type: AVATAR_TYPES[m[2]] };
}
