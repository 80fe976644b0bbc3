import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { getCurrentUser } from "~/services/account/session.server";
import { userRefSchema, userYearHeatmap } from "~/services/stats/user-home.server";

// GET /ojapi/get-user-calendar-heatmap (uid or username; the signed-in user without either): the
// last year's submissions per day, UserCalendarHeatmapVO.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const viewer = await getCurrentUser(request);
  return userYearHeatmap(parseWith(userRefSchema, queryParams(request)), viewer?._id ?? null);
}, ["home"]);
