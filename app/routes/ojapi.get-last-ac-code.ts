import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ApiError, apiRoute, parseWith, queryParams, requireApiUser } from "~/services/api.server";
import { findVisibleProblemByPid, lastAcceptedCode } from "~/services/problems.server";

// GET /ojapi/get-last-ac-code (pid, cid): {code, language} of the user's latest accepted submission.
const schema = z.object({
  pid: z.coerce.number({ invalid_type_error: "problem:notFound" }).int().positive("problem:notFound"),
  cid: z.coerce.number().int().min(0).default(0),
});

export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const { pid, cid } = parseWith(schema, queryParams(request));
  if (cid === 0 && !(await findVisibleProblemByPid(pid, user))) throw new ApiError(404, "problem:notFound");
  return lastAcceptedCode(user, pid, cid);
}, ["problem"]);
