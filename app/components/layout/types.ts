import type { UnreadCounts } from "~/lib/messages";
import type { WebsiteConfig } from "~/models/site-config.server";

// What the site frame needs from the root loader.
export interface FrameUser {
  uid: string;
  username: string;
  nickname: string;
  avatar: string;
  role: number;
  isAdmin: boolean;
}

export interface FrameData {
  user: FrameUser | null;
  config: WebsiteConfig;
  unread: UnreadCounts | null;
  locale: string;
}
