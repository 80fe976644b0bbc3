import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, requireApiUser } from "~/http/api.server";
import { unreadCounts } from "~/services/community/messages.server";

// GET /ojapi/msg/unread: the signed-in user's unread messages per type {comment, reply, like, sys, mine}.
export const loader = apiRoute<LoaderFunctionArgs>(async ({ request }) => {
  const user = await requireApiUser(request);
  return unreadCounts(user._id);
});
