import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { MARKDOWN_UPLOADS } from "~/lib/community";
import { nextSeq } from "~/models/counter.server";
import { MarkdownFile, type MarkdownFileDoc } from "~/models/markdown-file.server";
import { mayUploadMarkdownFile, mayUploadMarkdownImage } from "../access/community.server";
import { mayDeleteUpload } from "../access/policy.server";
import type { CurrentUser } from "../account/session.server";
import { DomainError } from "../errors.server";
import { env } from "../platform/env.server";
import { imageMimeOfBytes } from "../problem/import/common.server";

// Pictures and files for Markdown (spec sections 2 and 6): who may upload is the community
// policy's answer; a picture is taken only when its name and its first bytes agree on an allowed
// format; everything is kept by content hash under DATA_DIR/markdown.

export const markdownDir = () => path.join(env.dataDir, "markdown");

const TYPE_EXT: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp", "image/bmp": "bmp" };

export interface Upload {
  path: string;
  name: string;
  size: number;
}

function extOf(name: string): string {
  return path.extname(name).slice(1).toLowerCase();
}

async function keep(upload: Upload, ext: string): Promise<string> {
  const data = await readFile(upload.path);
  const stored = `${createHash("sha256").update(data).digest("hex").slice(0, 32)}.${ext}`;
  await mkdir(markdownDir(), { recursive: true });
  const target = path.join(markdownDir(), stored);
  if (await stat(target).catch(() => null)) await rm(upload.path, { force: true });
  else await rename(upload.path, target);
  return stored;
}

/** The link a stored upload is served at (under the site's base path, which the caller adds). */
export function markdownFileLink(stored: string): string {
  return `/markdown-file/${stored}`;
}

async function record(user: CurrentUser, kind: "image" | "file", upload: Upload, stored: string, gid: number | null): Promise<MarkdownFileDoc> {
  const doc = await MarkdownFile.create({ _id: await nextSeq("markdown-file"), kind, name: path.basename(upload.name).slice(0, 200), stored, size: upload.size, uid: user._id, gid });
  return doc.toObject();
}

/** Takes an uploaded picture (removed from its temporary place either way). */
export async function saveMarkdownImage(user: CurrentUser, upload: Upload | null, opts: { tooLarge?: boolean; gid?: number | null; groupAdmin?: boolean } = {}): Promise<{ link: string; fileId: number }> {
  try {
    if (!mayUploadMarkdownImage(user, opts.groupAdmin ?? false)) throw new DomainError("forbidden", "common:errors.forbidden");
    if (opts.tooLarge || (upload && upload.size > MARKDOWN_UPLOADS.imageMaxBytes)) throw new DomainError("tooLarge", "community:errors.tooLarge");
    if (!upload) throw new DomainError("invalid", "community:errors.chooseFile");
    const head = await readFile(upload.path).then((b) => b.subarray(0, 512));
    const type = imageMimeOfBytes(head);
    if (!(MARKDOWN_UPLOADS.imageExtensions as readonly string[]).includes(extOf(upload.name)) || !type || !TYPE_EXT[type]) throw new DomainError("invalid", "community:errors.fileType");
    const stored = await keep(upload, TYPE_EXT[type]);
    const doc = await record(user, "image", upload, stored, opts.gid ?? null);
    return { link: markdownFileLink(stored), fileId: doc._id };
  } finally {
    if (upload) await rm(upload.path, { force: true });
  }
}

/** Takes an uploaded file (admins only). */
export async function saveMarkdownFile(user: CurrentUser, upload: Upload | null, opts: { tooLarge?: boolean; gid?: number | null } = {}): Promise<{ link: string; fileId: number }> {
  try {
    if (!mayUploadMarkdownFile(user)) throw new DomainError("forbidden", "common:errors.forbidden");
    if (opts.tooLarge || (upload && upload.size > MARKDOWN_UPLOADS.fileMaxBytes)) throw new DomainError("tooLarge", "community:errors.tooLarge");
    if (!upload) throw new DomainError("invalid", "community:errors.chooseFile");
    const ext = extOf(upload.name);
    if (!(MARKDOWN_UPLOADS.fileExtensions as readonly string[]).includes(ext)) throw new DomainError("invalid", "community:errors.fileType");
    const stored = await keep(upload, ext);
    const doc = await record(user, "file", upload, stored, opts.gid ?? null);
    return { link: markdownFileLink(stored), fileId: doc._id };
  } finally {
    if (upload) await rm(upload.path, { force: true });
  }
}

/** Deletes an uploaded picture: its uploader or the admin roles. The bytes go when nothing else points at them. */
export async function deleteMarkdownImage(user: CurrentUser, fileId: number): Promise<void> {
  const doc = await MarkdownFile.findById(fileId).lean<MarkdownFileDoc>();
  if (!doc || doc.kind !== "image") throw new DomainError("notFound", "community:errors.fileNotFound");
  if (!mayDeleteUpload(user, doc)) throw new DomainError("forbidden", "common:errors.forbidden");
  await MarkdownFile.deleteOne({ _id: doc._id });
  if (!(await MarkdownFile.exists({ stored: doc.stored }))) await rm(path.join(markdownDir(), doc.stored), { force: true });
}

/** A stored upload to serve, by its stored name; null when there is none. */
export async function storedMarkdownFile(stored: string): Promise<{ doc: MarkdownFileDoc; stream: () => NodeJS.ReadableStream; size: number } | null> {
  if (!/^[0-9a-f]{32}\.[a-z0-9]{1,5}$/.test(stored)) return null;
  const doc = await MarkdownFile.findOne({ stored }).lean<MarkdownFileDoc>();
  if (!doc) return null;
  const file = path.join(markdownDir(), stored);
  const st = await stat(file).catch(() => null);
  if (!st) return null;
  return { doc, size: st.size, stream: () => createReadStream(file) };
}
