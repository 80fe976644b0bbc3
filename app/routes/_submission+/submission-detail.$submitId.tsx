import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import prismStyles from "prismjs/themes/prism.css";
import { SubmissionDetailView } from "~/components/submission/SubmissionDetailView";
import { withBase } from "~/lib/base-path";
import { pageTitle } from "~/lib/meta";
import { DomainError } from "~/services/errors.server";
import { flash } from "~/http/flash.server";
import { getT } from "~/services/platform/i18n.server";
import { siteRedirect } from "~/http/paths.server";
import { requireUser } from "~/http/guards.server";
import { submissionDetailData } from "~/http/submission-detail.server";
import { loadSubmissionForViewer, resubmit, setShare } from "~/services/submission/views.server";
import { pathId } from "~/http/ids.server";

export const handle = { i18n: ["submission", "judge", "problem"] };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: withBase(prismStyles) }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data?.pageTitle);

async function viewOr404(submitId: number, user: Awaited<ReturnType<typeof requireUser>>) {
  try {
    return await loadSubmissionForViewer(submitId, user);
  } catch (err) {
    if (err instanceof DomainError) throw new Response("Not Found", { status: 404 });
    throw err;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  // Reading submissions needs login (spec section 6).
  const user = await requireUser(request);
  const submitId = pathId(params.submitId);
  const [view, t] = await Promise.all([viewOr404(submitId, user), getT(request, "submission")]);
  return json({ pageTitle: t("detail.title", { id: submitId }), ...submissionDetailData(view, user) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submitId = pathId(params.submitId);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "share" || intent === "unshare") {
      await setShare(user, submitId, intent === "share");
      const cookie = await flash(request, { type: "success", key: intent === "share" ? "submission:shared" : "submission:unshared" });
      return siteRedirect(`/submission-detail/${submitId}`, { headers: { "Set-Cookie": cookie } });
    }
    if (intent === "resubmit") {
      await resubmit(user, submitId);
      const cookie = await flash(request, { type: "success", key: "submission:resubmitted" });
      return siteRedirect(`/submission-detail/${submitId}`, { headers: { "Set-Cookie": cookie } });
    }
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    const cookie = await flash(request, { type: "error", key: err.message });
    return siteRedirect(`/submission-detail/${submitId}`, { headers: { "Set-Cookie": cookie } });
  }
  throw new Response("Bad Request", { status: 400 });
}

export default function SubmissionDetail() {
  const data = useLoaderData<typeof loader>();
  const s = data.submission;
  return (
    <SubmissionDetailView
      data={data}
      links={{ self: `/submission-detail/${s.submitId}`, problem: `/problem/${encodeURIComponent(s.displayPid)}`, problemLabel: s.displayPid }}
    />
  );
}
