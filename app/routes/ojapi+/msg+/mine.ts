import { messageTabApi } from "~/http/community.server";

// GET /ojapi/msg/mine?currentPage&limit: the user's "mine" messages, newest first; the page's unread ones become read.
export const loader = messageTabApi("mine");
