import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/http/api.server";
import { lastWeekStatistics } from "~/services/stats/stats.server";

// GET /ojapi/get-last-week-submission-statistics: SubmissionStatisticsVO of the last 7 days, from the
// kept day counters (HOJ's forceRefresh has nothing to refresh: they are never stale for long).
export const loader = apiRoute<LoaderFunctionArgs>(async () => lastWeekStatistics());
