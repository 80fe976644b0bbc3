import { httpStatusOf } from "~/http/status.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { DomainError } from "~/services/errors.server";
import { getCurrentUser } from "~/services/account/session.server";
import { submissionEventStream } from "~/services/submission/status.server";
import { pathId } from "~/http/ids.server";

// GET /submission-events/:submitId: server-sent events with the submission's status until it is
// final (event "status" with {submitId, status, score, time, memory, cases, final}, then "end").
export async function loader({ request, params }: LoaderFunctionArgs) {
  const submitId = pathId(params.submitId);
  try {
    return await submissionEventStream(request, await getCurrentUser(request), submitId);
  } catch (err) {
    if (err instanceof DomainError) throw new Response("Not Found", { status: httpStatusOf(err.kind) });
    throw err;
  }
}
