import { icpcContestOf, icpcRoute } from "~/http/icpc.server";
import { submissionFiles } from "~/services/icpc/endpoints.server";

// GET /icpc-api/contests/{id}/submissions/{id}/files: the code as a zip, where the policy lets the
// role read it (the contest's admins).
export const loader = icpcRoute(async (args) => {
  const zip = await submissionFiles(await icpcContestOf(args), args.params.id ?? "");
  return new Response(new Uint8Array(zip), {
    headers: { "Content-Type": "application/zip", "Content-Disposition": `attachment; filename="files.zip"`, "Cache-Control": "no-store" },
  });
});
