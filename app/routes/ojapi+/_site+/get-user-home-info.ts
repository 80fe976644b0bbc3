import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { getCurrentUser } from "~/services/account/session.server";
import { userHomeInfo, userRefSchema } from "~/services/stats/user-home.server";

// GET /ojapi/get-user-home-info (uid or username; the signed-in user without either): UserHomeVo.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const viewer = await getCurrentUser(request);
  return userHomeInfo(parseWith(userRefSchema, queryParams(request)), viewer?._id ?? null);
}, ["home"]);
