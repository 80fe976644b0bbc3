import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams } from "~/http/api.server";
import { zipResponse } from "~/http/download.server";
import { acceptedSubmissionFiles, acSubmissionZipSchema } from "~/services/contest/submissions.server";
import { apiContest } from "~/http/contest-api.server";

// GET /ojapi/file/download-contest-ac-submission?cid&excludeAdmin&splitType: the accepted code as a zip.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const { cs } = await apiContest(request, q.cid, null);
  const { fileName, entries } = await acceptedSubmissionFiles(cs, parseWith(acSubmissionZipSchema, { ...q, cid: cs.contest._id }));
  return zipResponse(fileName, entries);
}, ["contest"]);
