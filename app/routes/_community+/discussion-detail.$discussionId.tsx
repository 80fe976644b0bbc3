import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DiscussionDetail } from "~/components/community/DiscussionDetail";
import { discussionDetailAction, discussionDetailLoader } from "~/http/community-pages.server";
import { pathId } from "~/http/ids.server";
import { pageTitle } from "~/lib/meta";

// /discussion-detail/{id}: one discussion of the site's area and its comments.

export const handle = { i18n: ["community"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.discussion.title);

export function loader({ request, params }: LoaderFunctionArgs) {
  return discussionDetailLoader(request, pathId(params.discussionId));
}

export function action({ request, params }: ActionFunctionArgs) {
  return discussionDetailAction(request, pathId(params.discussionId));
}

export default DiscussionDetail;
