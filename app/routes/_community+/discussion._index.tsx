import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DiscussionList } from "~/components/community/DiscussionList";
import { discussionListLoader } from "~/http/community-pages.server";
import { pageTitle } from "~/lib/meta";

// /discussion: the site's discussions (only while public discussion is on; otherwise home with the
// no-access message).

export const handle = { i18n: ["community"] };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

export function loader({ request }: LoaderFunctionArgs) {
  return discussionListLoader(request, null);
}

export default DiscussionList;
