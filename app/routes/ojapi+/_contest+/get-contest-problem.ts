import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams } from "~/http/api.server";
import { contestProblemList } from "~/services/contest/problems.server";
import { apiContest } from "~/http/contest-api.server";

// GET /ojapi/get-contest-problem?cid: the contest's ContestProblemVO list (with the user's status;
// ac and total are null while the board is sealed for them).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const { cs } = await apiContest(request, queryParams(request).cid, null);
  return (await contestProblemList(cs)).rows;
}, ["contest"]);
