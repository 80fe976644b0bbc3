import type { LoaderFunctionArgs } from "@remix-run/node";
import { trainingPageBase, trainingPageRefusal } from "~/http/training-page.server";
import { getT } from "~/services/platform/i18n.server";
import { tableDownload, tableFormatOf } from "~/services/platform/spreadsheet.server";
import { trainingProgressTable } from "~/services/training/rank-export.server";

// GET /training/{tid}/rank/export?format=csv|xlsx (and in a group's frame): the training's
// progress per member and problem, for those who may open its rank.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await trainingPageBase(request, params);
  const format = tableFormatOf(new URL(request.url).searchParams.get("format"));
  if (!format) throw new Response("common:errors.badRequest", { status: 400 });
  const t = await getT(request, ["exports", "common"]);
  try {
    return await tableDownload(await trainingProgressTable(base.ts, t), format, `training_${base.tid}_progress`);
  } catch (err) {
    throw trainingPageRefusal(err);
  }
}
