import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DiscussionForm } from "~/components/community/DiscussionForm";
import { discussionFormAction, discussionFormLoader } from "~/http/community-pages.server";
import { pathId } from "~/http/ids.server";
import { pageTitle } from "~/lib/meta";

// /discussion-edit/{id}: its author edits a discussion.

export const handle = { i18n: ["community"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export function loader({ request, params }: LoaderFunctionArgs) {
  return discussionFormLoader(request, pathId(params.discussionId));
}

export function action({ request, params }: ActionFunctionArgs) {
  return discussionFormAction(request, pathId(params.discussionId));
}

export default DiscussionForm;
