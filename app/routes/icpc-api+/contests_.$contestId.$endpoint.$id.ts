import { icpcContestOf, icpcRoute } from "~/http/icpc.server";
import { DomainError } from "~/services/errors.server";
import { collection, isCollection } from "~/services/icpc/endpoints.server";

// GET /icpc-api/contests/{id}/{collection}/{object id}: one object, 404 when the role sees none by that id.
export const loader = icpcRoute(async (args) => {
  const endpoint = args.params.endpoint ?? "";
  if (!isCollection(endpoint)) throw new DomainError("notFound", "common:errors.notFound");
  const found = (await collection(await icpcContestOf(args), endpoint)).find((o) => o.id === args.params.id);
  if (!found) throw new DomainError("notFound", "common:errors.notFound");
  return found;
});
