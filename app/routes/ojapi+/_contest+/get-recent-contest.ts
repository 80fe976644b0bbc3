import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute } from "~/http/api.server";
import { registerCounts } from "~/services/contest/contests.server";
import { contestJson } from "~/services/contest/views.server";
import { recentContests } from "~/services/site/home.server";

// GET /ojapi/get-recent-contest: the site's visible contests not yet ended (ContestVO list).
export const loader = apiRoute<LoaderFunctionArgs>(async () => {
  const now = new Date();
  const docs = await recentContests(now);
  const counts = await registerCounts(docs.map((d) => d._id));
  return docs.map((c) => contestJson(c, now, counts.get(c._id)));
}, ["contest"]);
