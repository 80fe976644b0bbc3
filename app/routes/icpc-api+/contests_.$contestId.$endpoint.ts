import { icpcContestOf, icpcRoute } from "~/http/icpc.server";
import { DomainError } from "~/services/errors.server";
import { collection, filtered, isCollection, scoreboardObject, stateObject } from "~/services/icpc/endpoints.server";

// GET /icpc-api/contests/{id}/{endpoint}: state, scoreboard, or a collection (filtered by the
// query's properties, as the spec asks).
export const loader = icpcRoute(async (args) => {
  const endpoint = args.params.endpoint ?? "";
  if (endpoint !== "state" && endpoint !== "scoreboard" && !isCollection(endpoint)) throw new DomainError("notFound", "common:errors.notFound");
  const is = await icpcContestOf(args);
  if (endpoint === "state") return stateObject(is);
  if (endpoint === "scoreboard") return scoreboardObject(is);
  return filtered(await collection(is, endpoint), new URL(args.request.url).searchParams);
});
