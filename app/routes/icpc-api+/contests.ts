import { icpcRoute, icpcUser } from "~/http/icpc.server";
import { icpcRecentContests } from "~/services/icpc/access.server";
import { contestObject } from "~/services/icpc/endpoints.server";

// GET /icpc-api/contests: the contests the request's role may read (the policy decides each), the
// newest 100 looked at.
export const loader = icpcRoute(async (args) => {
  const user = await icpcUser(args);
  const served = await icpcRecentContests(user, 100);
  return Promise.all(served.map((is) => contestObject(is)));
});
