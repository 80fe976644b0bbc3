import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { printText } from "~/services/contest/prints.server";

// GET /ojapi/file/download-contest-print-text?id: a print request's text (contest admins).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const id = inputId(queryParams(request).id);
  const file = await printText(await requireApiUser(request), id, null);
  return new Response(file.content, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.fileName.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
  });
}, ["contest"]);
