import { icpcContestOf, icpcRoute } from "~/http/icpc.server";
import { feedStream, sinceOf } from "~/services/icpc/feed.server";

// GET /icpc-api/contests/{id}/event-feed[?since_token=…][&stream=false]: NDJSON, streamed until
// the reader goes (or, with stream=false, ending after what the log holds).
export const loader = icpcRoute(async (args) => {
  const is = await icpcContestOf(args);
  const url = new URL(args.request.url);
  const since = await sinceOf(url.searchParams.get("since_token"), is.cs.contest._id, is.role);
  const stream = url.searchParams.get("stream") !== "false";
  const body = feedStream(is, is.user, since, stream, args.request.signal);
  return new Response(body, { headers: { "Content-Type": "application/x-ndjson", "Cache-Control": "no-store", "X-Accel-Buffering": "no" } });
});
