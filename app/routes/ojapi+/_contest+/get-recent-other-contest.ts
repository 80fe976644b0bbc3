import { apiRoute } from "~/http/api.server";
import { recentOtherContests } from "~/services/site/other-contests.server";

// GET /ojapi/get-recent-other-contest: upcoming rounds of other judges (oj, title, beginTime,
// endTime, url), as HOJ's home asks for them.
export const loader = apiRoute(async () => recentOtherContests());
