import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiRoute, queryParams, requireApiUser } from "~/http/api.server";
import { inputId } from "~/http/ids.server";
import { pageFrom } from "~/lib/format";
import { mayModerateDiscussion } from "~/services/access/community.server";
import { listDiscussions } from "~/services/community/discussions.server";
import { DomainError } from "~/services/errors.server";
import { groupDiscussionPlace } from "~/services/group/discussions.server";
import { queryLimit } from "~/services/platform/validation.server";

// GET /ojapi/group/get-admin-discussion-list?gid&limit&currentPage: every discussion of the group,
// disabled ones too, for its admins.
export const loader = apiRoute(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  const q = queryParams(request);
  const place = await groupDiscussionPlace(inputId(q.gid), user);
  if (!mayModerateDiscussion(user, place)) throw new DomainError("forbidden", "group:notAdmin");
  return listDiscussions(user, { page: pageFrom(q.currentPage), limit: queryLimit(10).parse(q.limit), admin: true }, place);
}, ["group", "community"]);
