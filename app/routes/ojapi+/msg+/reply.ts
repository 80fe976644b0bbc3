import { messageTabApi } from "~/http/community.server";

// GET /ojapi/msg/reply?currentPage&limit: the user's "reply" messages, newest first; the page's unread ones become read.
export const loader = messageTabApi("reply");
