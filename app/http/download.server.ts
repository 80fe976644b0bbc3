import { createReadableStreamFromReadable } from "@remix-run/node";
import { zipStream, type ZipSource } from "../services/platform/zip.server";

/** A zip download, streamed while it is built (files are read from disk as they are sent). */
export function zipResponse(fileName: string, entries: readonly ZipSource[]): Response {
  return new Response(createReadableStreamFromReadable(zipStream(entries)), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
  });
}
