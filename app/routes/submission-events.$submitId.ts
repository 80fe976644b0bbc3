import type { LoaderFunctionArgs } from "@remix-run/node";
import { ApiError } from "~/services/api.server";
import { getCurrentUser } from "~/services/session.server";
import { submissionEventStream } from "~/services/submission-status.server";

// GET /submission-events/:submitId: server-sent events with the submission's status until it is
// final (event "status" with {submitId, status, score, time, memory, cases, final}, then "end").
export async function loader({ request, params }: LoaderFunctionArgs) {
  const submitId = Number(params.submitId);
  if (!Number.isInteger(submitId) || submitId <= 0) throw new Response("Not Found", { status: 404 });
  try {
    return await submissionEventStream(request, await getCurrentUser(request), submitId);
  } catch (err) {
    if (err instanceof ApiError) throw new Response("Not Found", { status: err.status });
    throw err;
  }
}
