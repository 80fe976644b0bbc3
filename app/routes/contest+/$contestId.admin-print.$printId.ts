import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/http/guards.server";
import { contestPageRefusal } from "~/http/contest-page.server";
import { pathId } from "~/http/ids.server";
import { printText } from "~/services/contest/prints.server";

// The text of one print request as a download (contest admins; the service checks).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const cid = pathId(params.contestId);
  const id = pathId(params.printId);
  let file: Awaited<ReturnType<typeof printText>>;
  try {
    file = await printText(user, id, null);
  } catch (err) {
    throw contestPageRefusal(err);
  }
  if (!file.fileName.startsWith(`contest_${cid}_`)) throw new Response("Not Found", { status: 404 });
  return new Response(file.content, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.fileName.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
  });
}
