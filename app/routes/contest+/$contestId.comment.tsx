import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CommentSection } from "~/components/community/CommentSection";
import { commentSectionAction, positiveOrNull, type CommentAnswer } from "~/http/community.server";
import { communityPageRefusal } from "~/http/community-pages.server";
import { contestPageBase } from "~/http/contest-page.server";
import { siteRedirect } from "~/http/paths.server";
import { commentSection, speakRefusalFor } from "~/services/community/comments.server";
import { getT } from "~/services/platform/i18n.server";
import { pageFrom } from "~/lib/format";

// A contest's Q&A (spec section 2, the comment tab; only while contest comments are on): its three
// guideline notes, and comments a contestant sees only when they are their own or an admin's.

export const handle = { i18n: ["contest-page", "contest", "community"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await contestPageBase(request, params);
  const url = new URL(request.url);
  const t = await getT(request, ["community", "common"]);
  try {
    const comments = await commentSection(base.user, { cid: base.cid }, pageFrom(url.searchParams.get("commentPage")), positiveOrNull(url.searchParams.get("replies")));
    const refusal = await speakRefusalFor(base.user, { kind: "contest", cid: base.cid, contestAdmin: base.admin, contestOwnerUid: base.info.contest.uid });
    return json({ comments, refusal: refusal ? t(refusal.message, refusal.params ?? {}) : null });
  } catch (err) {
    throw communityPageRefusal(err);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const base = await contestPageBase(request, params);
  const answer = await commentSectionAction(request, base.user, await request.formData(), { cid: base.cid });
  return answer ?? siteRedirect(`/contest/${base.cid}/comment${new URL(request.url).search}`);
}

export default function ContestComment() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as CommentAnswer | undefined;
  return <CommentSection data={data.comments} signedIn answer={answer ?? null} canComment={!data.refusal} refusal={data.refusal} />;
}
