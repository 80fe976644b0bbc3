import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { hasJudgeToken, readManifest } from "~/services/problem/testdata.server";

// Judges fetch the list of files of a test data set (see app/lib/judge-protocol.ts).
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!hasJudgeToken(request)) return json({ error: "forbidden" }, { status: 403 });
  const manifest = await readManifest(params.hash ?? "");
  if (!manifest) return json({ error: "not found" }, { status: 404 });
  return json(manifest, { headers: { "Cache-Control": "no-store" } });
}
