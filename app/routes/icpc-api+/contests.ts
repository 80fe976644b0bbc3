import { icpcRoute, icpcUser } from "~/http/icpc.server";
import { Contest } from "~/models/contest.server";
import { icpcContests } from "~/services/icpc/access.server";
import { contestObject } from "~/services/icpc/endpoints.server";

// GET /icpc-api/contests: the contests the request's role may read (the policy decides each), the
// newest 100 looked at.
export const loader = icpcRoute(async (args) => {
  const user = await icpcUser(args);
  const recent = await Contest.find({}).sort({ startTime: -1 }).limit(100).select("_id").lean<Array<{ _id: number }>>();
  const served = await icpcContests(user, recent.map((c) => c._id));
  return Promise.all(served.map((is) => contestObject(is)));
});
