import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { contestProblemList } from "~/services/contest/problems.server";

// GET /ojapi/get-contest-problem?cid: the contest's ContestProblemVO list (with the user's status;
// ac and total are null while the board is sealed for them).
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const cid = inputId(queryParams(request).cid);
  return (await contestProblemList(await requireApiUser(request), cid)).rows;
}, ["contest"]);
