import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DiscussionForm } from "~/components/community/DiscussionForm";
import { discussionFormAction, discussionFormLoader, groupDiscussionArea } from "~/http/community-pages.server";
import { pageTitle } from "~/lib/meta";

// /group/{gid}/discussion-edit: a member writes a new discussion in the group.

export const handle = { i18n: ["community", "group"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export async function loader({ request, params }: LoaderFunctionArgs) {
  return discussionFormLoader(request, null, await groupDiscussionArea(request, params));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return discussionFormAction(request, null, await groupDiscussionArea(request, params));
}

export default DiscussionForm;
