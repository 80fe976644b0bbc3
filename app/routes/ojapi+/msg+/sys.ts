import { messageTabApi } from "~/http/community.server";

// GET /ojapi/msg/sys?currentPage&limit: the user's "sys" messages, newest first; the page's unread ones become read.
export const loader = messageTabApi("sys");
