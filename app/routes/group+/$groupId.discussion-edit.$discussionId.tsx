import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DiscussionForm } from "~/components/community/DiscussionForm";
import { discussionFormAction, discussionFormLoader, groupDiscussionArea } from "~/http/community-pages.server";
import { pathId } from "~/http/ids.server";
import { pageTitle } from "~/lib/meta";

// /group/{gid}/discussion-edit/{id}: its author edits a discussion of the group.

export const handle = { i18n: ["community", "group"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const did = pathId(params.discussionId);
  return discussionFormLoader(request, did, await groupDiscussionArea(request, params));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const did = pathId(params.discussionId);
  return discussionFormAction(request, did, await groupDiscussionArea(request, params));
}

export default DiscussionForm;
