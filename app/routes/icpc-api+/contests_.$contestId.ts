import { icpcContestOf, icpcRoute } from "~/http/icpc.server";
import { contestObject } from "~/services/icpc/endpoints.server";

// GET /icpc-api/contests/{id}
export const loader = icpcRoute(async (args) => contestObject(await icpcContestOf(args)));
