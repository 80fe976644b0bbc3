import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiAdmin } from "~/http/api.server";
import { hojDashboardInfo } from "~/services/site/dashboard.server";

// GET /ojapi/admin/dashboard/get-dashboard-info (admin roles): {userNum, todayJudgeNum, recentContestNum}.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  await requireApiAdmin(request);
  return hojDashboardInfo();
}, ["admin"]);
