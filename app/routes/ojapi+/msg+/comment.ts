import { messageTabApi } from "~/http/community.server";

// GET /ojapi/msg/comment?currentPage&limit: the user's "discuss" messages, newest first; the page's unread ones become read.
export const loader = messageTabApi("discuss");
