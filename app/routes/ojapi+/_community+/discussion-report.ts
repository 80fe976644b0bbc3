import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { reportDiscussion, reportSchema } from "~/services/community/discussions.server";
import { reportInput } from "~/http/community.server";

// POST /ojapi/discussion-report {did, content: "#tag #tag reason", reporter}.
export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUser(request);
  const body = await bodyParams(request);
  await reportDiscussion(user, parseWith(reportSchema, { ...reportInput(body), did: inputId(body.did) }));
  return null;
}, ["community"]);
