import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DiscussionForm } from "~/components/community/DiscussionForm";
import { discussionFormAction, discussionFormLoader } from "~/http/community-pages.server";
import { pageTitle } from "~/lib/meta";

// /discussion-edit?pid=: writing a new discussion (from a problem, about it).

export const handle = { i18n: ["community"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export function loader({ request }: LoaderFunctionArgs) {
  return discussionFormLoader(request, null);
}

export function action({ request }: ActionFunctionArgs) {
  return discussionFormAction(request, null);
}

export default DiscussionForm;
