import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { avatarFile } from "~/services/account/avatar.server";

// GET /avatar/<content hash>.<ext>: an uploaded avatar from DATA_DIR. Names are content hashes, so
// a file never changes: it may be cached for good.
export async function loader({ params }: LoaderFunctionArgs) {
  const found = await avatarFile(params.name ?? "");
  if (!found) throw new Response("Not Found", { status: 404 });
  return new Response(Readable.toWeb(createReadStream(found.file)) as ReadableStream, {
    headers: {
      "Content-Type": found.type,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
