import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, parseWith, queryParams } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { getCurrentUser } from "~/services/account/session.server";
import { groupRankList, groupRankSchema } from "~/services/group/rank.server";

// GET /ojapi/get-group-rank-list (currentPage, limit, gid, type 0 ACM / 1 OI, searchUser): a page
// of the group's rank, for its members. HOJ's client posts the same fields; both are taken.
async function answer(request: Request, input: Record<string, unknown>) {
  return groupRankList(await getCurrentUser(request), inputId(input.gid), parseWith(groupRankSchema, input));
}

export const loader = apiRoute(({ request }: LoaderFunctionArgs) => answer(request, queryParams(request)), ["group"]);
export const action = apiRoute(async ({ request }: LoaderFunctionArgs) => answer(request, { ...queryParams(request), ...(await bodyParams(request)) }), ["group"]);
