import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DiscussionDetail } from "~/components/community/DiscussionDetail";
import { discussionDetailAction, discussionDetailLoader, groupDiscussionArea } from "~/http/community-pages.server";
import { pathId } from "~/http/ids.server";
import { pageTitle } from "~/lib/meta";

// /group/{gid}/discussion-detail/{id}: one discussion of the group and its comments (its members;
// its admins pin and delete).

export const handle = { i18n: ["community", "group"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.discussion.title);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const did = pathId(params.discussionId);
  return discussionDetailLoader(request, did, await groupDiscussionArea(request, params));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const did = pathId(params.discussionId);
  return discussionDetailAction(request, did, await groupDiscussionArea(request, params));
}

export default DiscussionDetail;
