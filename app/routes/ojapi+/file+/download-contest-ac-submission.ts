import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, parseWith, queryParams, requireApiUser } from "~/http/api.server";
import { zipResponse } from "~/http/download.server";
import { inputId } from "~/http/ids.server";
import { acceptedSubmissionFiles, acSubmissionZipSchema } from "~/services/contest/submissions.server";

// GET /ojapi/file/download-contest-ac-submission?cid&excludeAdmin&splitType: the accepted code as a zip.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  const cid = inputId(q.cid);
  const { fileName, entries } = await acceptedSubmissionFiles(await requireApiUser(request), parseWith(acSubmissionZipSchema, { ...q, cid }));
  return zipResponse(fileName, entries);
}, ["contest"]);
