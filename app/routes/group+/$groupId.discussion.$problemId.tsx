import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DiscussionList } from "~/components/community/DiscussionList";
import { discussionListLoader, groupDiscussionArea } from "~/http/community-pages.server";
import { pageTitle } from "~/lib/meta";

// /group/{gid}/discussion/{problemId}: the discussions of one of the group's problems (by its display
// id), in the group's frame with the way back to the problem; its members only, while group
// discussion is on. A problem of another group or of the bank is not found here.

export const handle = { i18n: ["community", "group"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return discussionListLoader(request, params.problemId ?? "", await groupDiscussionArea(request, params));
}

export default DiscussionList;
