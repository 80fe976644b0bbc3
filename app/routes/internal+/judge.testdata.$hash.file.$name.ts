import type { LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { stat } from "node:fs/promises";
import { hasJudgeToken, openTestDataFile, testDataFilePath } from "~/services/problem/testdata.server";

// Judges download one test file of a set; streamed, never loaded whole into memory.
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!hasJudgeToken(request)) return new Response("forbidden", { status: 403 });
  const p = await testDataFilePath(params.hash ?? "", params.name ?? "");
  if (!p) return new Response("not found", { status: 404 });
  const { size } = await stat(p);
  return new Response(createReadableStreamFromReadable(openTestDataFile(p)), {
    headers: { "Content-Type": "application/octet-stream", "Content-Length": String(size), "Cache-Control": "no-store" },
  });
}
