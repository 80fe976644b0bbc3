import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiSuperAdmin } from "~/http/api.server";
import { generatedUsersCsv } from "~/services/account/admin-users.server";

// GET /ojapi/file/generate-user-excel?key: the generated accounts with their passwords (CSV,
// UTF-8 with a byte-order mark so spreadsheets read it), kept for an hour after generating.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiSuperAdmin(request);
  const csv = await generatedUsersCsv(user, String(queryParams(request).key ?? ""));
  return new Response(`\uFEFF${csv}`, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="generated-users.csv"', "Cache-Control": "no-store" },
  });
}, ["admin-user"]);
