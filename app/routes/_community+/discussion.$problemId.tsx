import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DiscussionList } from "~/components/community/DiscussionList";
import { discussionListLoader } from "~/http/community-pages.server";
import { pageTitle } from "~/lib/meta";

// /discussion/{problemId}: the discussions of one problem, with the way back to it.

export const handle = { i18n: ["community"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export function loader({ request, params }: LoaderFunctionArgs) {
  return discussionListLoader(request, params.problemId ?? "");
}

export default DiscussionList;
