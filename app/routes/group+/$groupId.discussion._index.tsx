import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DiscussionList } from "~/components/community/DiscussionList";
import { discussionListLoader, groupDiscussionArea } from "~/http/community-pages.server";
import { pageTitle } from "~/lib/meta";

// /group/{gid}/discussion: the group's discussions (its members; only while group discussion is on,
// otherwise the group's home with the no-access message). Its admins pin and delete.

export const handle = { i18n: ["community", "group"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return discussionListLoader(request, null, await groupDiscussionArea(request, params));
}

export default DiscussionList;
