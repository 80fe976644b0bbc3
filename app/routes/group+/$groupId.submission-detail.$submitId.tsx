import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import prismStyles from "prismjs/themes/prism.css";
import { SubmissionDetailView } from "~/components/submission/SubmissionDetailView";
import { flash } from "~/http/flash.server";
import { groupMemberPageBase, groupPageRefusal } from "~/http/group-page.server";
import { pathId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { submissionDetailData } from "~/http/submission-detail.server";
import { withBase } from "~/lib/base-path";
import { pageTitle } from "~/lib/meta";
import { DomainError } from "~/services/errors.server";
import { groupSubmissionDetail } from "~/services/group/submissions.server";
import { getT } from "~/services/platform/i18n.server";
import { resubmit } from "~/services/submission/views.server";

// A group submission in the group's frame (spec section 2, /group/{id}/submission-detail/{submitId}):
// the bank's detail view, the group's scope deciding who sees it and what (its admins read the
// code and the cases); the problem link stays in the group. Another group's submission is 404.

export const handle = { i18n: ["group", "submission", "judge", "problem"] };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: withBase(prismStyles) }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

async function detailOf(request: Request, params: LoaderFunctionArgs["params"]) {
  const base = await groupMemberPageBase(request, params);
  const submitId = pathId(params.submitId);
  try {
    return { ...base, submitId, view: await groupSubmissionDetail(base.user, base.gid, submitId) };
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [d, t] = await Promise.all([detailOf(request, params), getT(request, "submission")]);
  return json({ pageTitle: t("detail.title", { id: d.submitId }), gid: d.gid, ...submissionDetailData(d.view, d.user) });
}

/** Resubmitting a failed judging (its owner or a super admin, as on the bank's page); group submissions are not shared. */
export async function action({ request, params }: ActionFunctionArgs) {
  const d = await detailOf(request, params);
  const form = await request.formData();
  if (String(form.get("intent") ?? "") !== "resubmit") throw new Response("Bad Request", { status: 400 });
  let message: { type: "success" | "error"; key: string } = { type: "success", key: "submission:resubmitted" };
  try {
    await resubmit(d.user, d.submitId);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    message = { type: "error", key: err.message };
  }
  return siteRedirect(`/group/${d.gid}/submission-detail/${d.submitId}`, { headers: { "Set-Cookie": await flash(request, message) } });
}

export default function GroupSubmissionDetail() {
  const data = useLoaderData<typeof loader>();
  return (
    <SubmissionDetailView
      data={data}
      links={{
        self: `/group/${data.gid}/submission-detail/${data.submission.submitId}`,
        problem: `/group/${data.gid}/problem/${encodeURIComponent(data.submission.displayPid)}`,
        problemLabel: data.submission.displayPid,
      }}
    />
  );
}
