import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, bodyParams, queryParams, requireApiAdmin } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { truthy } from "~/http/community.server";
import { DomainError } from "~/services/errors.server";
import { reportRows, setReportHandled } from "~/services/community/discussions.server";
import { pageFrom } from "~/lib/format";
import { queryLimit } from "~/services/platform/validation.server";

// /ojapi/admin/discussion-report: GET ?currentPage&limit the reports, unhandled first; PUT {id,
// status} marks one handled (or not). Admin roles.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const q = queryParams(request);
  return reportRows(await requireApiAdmin(request), pageFrom(q.currentPage), queryLimit(10, 100).parse(q.limit));
}, ["community"]);

export const action = apiRoute(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "PUT") throw new DomainError("invalid", "common:errors.badRequest");
  const user = await requireApiAdmin(request);
  const body = await bodyParams(request);
  await setReportHandled(user, inputId(body.id), truthy(body.status));
  return null;
}, ["community"]);
