import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/http/api.server";
import { recentUpdatedProblems } from "~/services/site/home.server";

// GET /ojapi/get-recent-updated-problem: RecentUpdatedProblemVO list (public problems changed last).
export const loader = apiRoute<LoaderFunctionArgs>(async () => recentUpdatedProblems());
