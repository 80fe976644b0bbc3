import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireSuperAdmin } from "~/http/guards.server";
import { generatedUsersCsv } from "~/services/account/admin-users.server";
import { DomainError } from "~/services/errors.server";

// The list of a generation (username, password) as a CSV download for the super admin who sees
// the generate page; kept an hour.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireSuperAdmin(request);
  try {
    const csv = await generatedUsersCsv(user, params.key ?? "");
    return new Response(`\uFEFF${csv}`, {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="generated-users.csv"', "Cache-Control": "no-store" },
    });
  } catch (err) {
    if (err instanceof DomainError) throw new Response("Not Found", { status: 404 });
    throw err;
  }
}
