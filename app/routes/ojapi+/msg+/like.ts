import { messageTabApi } from "~/http/community.server";

// GET /ojapi/msg/like?currentPage&limit: the user's "like" messages, newest first; the page's unread ones become read.
export const loader = messageTabApi("like");
