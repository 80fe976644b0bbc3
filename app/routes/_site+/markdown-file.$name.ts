import type { LoaderFunctionArgs } from "@remix-run/node";
import { Readable } from "node:stream";
import { storedMarkdownFile } from "~/services/community/files.server";

// /markdown-file/<stored name>: an uploaded Markdown picture (shown in place) or file (downloaded).
// Named by content hash, so it never changes; served with no script allowed and no type guessing.

const IMAGE_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp", bmp: "image/bmp" };

export async function loader({ params }: LoaderFunctionArgs) {
  const found = await storedMarkdownFile(params.name ?? "");
  if (!found) throw new Response("Not Found", { status: 404 });
  const ext = found.doc.stored.split(".").pop() ?? "";
  const image = found.doc.kind === "image" && IMAGE_TYPES[ext];
  const headers = new Headers({
    "Content-Type": image ? IMAGE_TYPES[ext] : "application/octet-stream",
    "Content-Length": String(found.size),
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
  if (!image) headers.set("Content-Disposition", `attachment; filename*=UTF-8''${encodeURIComponent(found.doc.name)}`);
  return new Response(Readable.toWeb(found.stream() as Readable) as ReadableStream, { headers });
}
