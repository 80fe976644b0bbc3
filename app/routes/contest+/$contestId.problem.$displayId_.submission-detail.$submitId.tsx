import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import prismStyles from "prismjs/themes/prism.css";
import { SubmissionDetailView } from "~/components/submission/SubmissionDetailView";
import { withBase } from "~/lib/base-path";
import { pageTitle } from "~/lib/meta";
import { contestPageBase, contestPageRefusal } from "~/http/contest-page.server";
import { flash } from "~/http/flash.server";
import { pathId } from "~/http/ids.server";
import { siteRedirect } from "~/http/paths.server";
import { submissionDetailData } from "~/http/submission-detail.server";
import { contestSubmissionDetail, contestSubmissionPath } from "~/services/contest/submissions.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { resubmit } from "~/services/submission/views.server";

// A contest submission in its contest's frame (spec section 2, /contest/{cid}/problem/{displayId}/
// submission-detail/{submitId}): the contest's tabs around the bank's detail view. The contest's
// scope decides who sees it and what (a result its seal hides reads "Submitted Unknown Result");
// the problem link stays in the contest. A submission of another contest or problem is 404.

export const handle = { i18n: ["contest-page", "contest", "submission", "judge", "problem"] };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: withBase(prismStyles) }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

async function detailOf(request: Request, params: LoaderFunctionArgs["params"]) {
  const base = await contestPageBase(request, params);
  const submitId = pathId(params.submitId);
  try {
    return { base, submitId, ...(await contestSubmissionDetail(base.user, base.cid, params.displayId ?? "", submitId)) };
  } catch (err) {
    throw contestPageRefusal(err);
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [d, t] = await Promise.all([detailOf(request, params), getT(request, "submission")]);
  return json({
    pageTitle: t("detail.title", { id: d.submitId }),
    cid: d.base.cid,
    displayId: d.displayId,
    ...submissionDetailData(d.view, d.base.user, d.title),
  });
}

/** Resubmitting a failed judging (its owner or a super admin, as on the bank's page); contest submissions are never shared. */
export async function action({ request, params }: ActionFunctionArgs) {
  const d = await detailOf(request, params);
  const form = await request.formData();
  if (String(form.get("intent") ?? "") !== "resubmit") throw new Response("Bad Request", { status: 400 });
  const back = contestSubmissionPath(d.base.cid, d.displayId, d.submitId);
  let message: { type: "success" | "error"; key: string } = { type: "success", key: "submission:resubmitted" };
  try {
    await resubmit(d.base.user, d.submitId);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    message = { type: "error", key: err.message };
  }
  return siteRedirect(back, { headers: { "Set-Cookie": await flash(request, message) } });
}

export default function ContestSubmissionDetail() {
  const data = useLoaderData<typeof loader>();
  return (
    <SubmissionDetailView
      data={data}
      links={{
        self: `/contest/${data.cid}/problem/${encodeURIComponent(data.displayId)}/submission-detail/${data.submission.submitId}`,
        problem: `/contest/${data.cid}/problem/${encodeURIComponent(data.displayId)}`,
        problemLabel: data.displayId,
      }}
    />
  );
}
