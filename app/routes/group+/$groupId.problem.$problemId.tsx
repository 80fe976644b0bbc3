import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import katexStyles from "katex/dist/katex.min.css";
import prismStyles from "prismjs/themes/prism.css";
import { EditorPanel, type SubmitResult } from "~/components/problem/EditorPanel";
import { FocusFrame } from "~/components/problem/FocusFrame";
import { ProblemStatement } from "~/components/problem/ProblemStatement";
import { SplitPane } from "~/components/problem/SplitPane";
import { flash } from "~/http/flash.server";
import { groupMemberPageBase, groupPageRefusal } from "~/http/group-page.server";
import { siteRedirect } from "~/http/paths.server";
import { statementData } from "~/http/problem-statement.server";
import { httpStatusOf } from "~/http/status.server";
import { withBase } from "~/lib/base-path";
import { pageTitle } from "~/lib/meta";
import { useTranslation } from "~/lib/translation";
import { DomainError } from "~/services/errors.server";
import { groupProblemByDisplayId } from "~/services/group/problems.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";
import type { loader as groupLoader } from "./$groupId";
import { codeTemplates, editorLanguages } from "~/services/problem/problems.server";
import { createSubmission, submitSchema } from "~/services/submission/submissions.server";
import { problemStatusesIn } from "~/services/submission/user-problem-status.server";

// A problem of a group (spec section 2, /group/{id}/problem/{problemId}): its members read it and
// submit with the group's id (the same submit path: the policy's group scope decides), with and
// without JavaScript; the self-test runs in the group too (its page without JavaScript is the
// problem's self-test page with the group named). Focus mode (?focus=1) fills the screen with the
// statement and the editor; the group's problems have no order to step through (newest first, by
// page), so unlike a contest's or a training's it has no strip of problems, only the way back.
// While group discussion is on, the problem's discussions in the group are a link away, as the
// site's problem page has them.

export const handle = { i18n: ["group", "group-problem", "problem", "judge", "submission"], hideFooter: true };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: withBase(katexStyles) },
  { rel: "stylesheet", href: withBase(prismStyles) },
];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(matches, data ? `${data.problem.displayId} ${data.problem.title}` : undefined);

async function load(request: Request, params: LoaderFunctionArgs["params"]) {
  const base = await groupMemberPageBase(request, params);
  try {
    return { ...base, ...(await groupProblemByDisplayId(base.user, base.gid, params.problemId ?? "")) };
  } catch (err) {
    throw groupPageRefusal(request, err);
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, gid, problem } = await load(request, params);
  const [editor, statuses] = await Promise.all([editorLanguages(problem), problemStatusesIn(user, { gid }, [problem._id])]);
  return json({
    gid,
    problem: { pid: problem._id, displayId: problem.problemId, title: problem.title, ...statementData(problem) },
    editor: { ...editor, templates: codeTemplates(problem, editor.languages) },
    myStatus: statuses.get(problem._id)?.status ?? null,
    focus: new URL(request.url).searchParams.get("focus") === "1",
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, gid, problem } = await load(request, params);
  const t = await getT(request, ["group", "problem", "judge", "common"]);
  const form = await request.formData();
  const code = String(form.get("code") ?? "");
  const language = String(form.get("language") ?? "");
  const refuse = (errors: Record<string, string>, status: number) => json<SubmitResult>({ ok: false, errors, code, language }, { status });
  const v = validate(t, submitSchema, { pid: problem._id, language, code, gid });
  if (!v.ok) return refuse(v.errors, 400);
  let submitId: number;
  try {
    submitId = (await createSubmission(user, v.data, { ip: context?.ip }))._id;
  } catch (err) {
    if (err instanceof DomainError) return refuse({ _form: t(err.message, err.params ?? {}) }, httpStatusOf(err.kind));
    throw err;
  }
  if (form.get("js") === "1") return json<SubmitResult>({ ok: true, submitId });
  const cookie = await flash(request, { type: "success", key: "problem:submitted" });
  return siteRedirect(`/group/${gid}/status?onlyMine=true`, { headers: { "Set-Cookie": cookie } });
}

export default function GroupProblemPage() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() ?? null;
  const { t } = useTranslation(["group-problem", "problem"]);
  const discussionsOpen = useRouteLoaderData<typeof groupLoader>("routes/group+/$groupId")?.groupDiscussion === true;
  const { problem, editor } = data;
  const here = `/group/${data.gid}/problem/${encodeURIComponent(problem.displayId)}`;
  const statement = (
    <article className="rounded bg-white p-3 shadow-sm sm:p-5" data-testid="group-problem-statement">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">
          <span className="mr-2 font-mono text-gray-700">{problem.displayId}</span>
          {problem.title}
        </h2>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <Link to={data.focus ? here : `${here}?focus=1`} className="text-blue-700 hover:underline" data-testid="focus-toggle">
            {data.focus ? t("problem:detail.exitFocus") : t("problem:detail.focus")}
          </Link>
          {discussionsOpen ? (
            <Link to={`/group/${data.gid}/discussion/${encodeURIComponent(problem.displayId)}`} className="text-blue-700 underline" data-testid="discussion-link">
              {t("problem:detail.tabs.discussion")}
            </Link>
          ) : null}
          <Link to={`/group/${data.gid}/problem`} className="text-blue-700 underline">
            {t("group-problem:backToList")}
          </Link>
        </div>
      </div>
      <ProblemStatement problem={problem} />
    </article>
  );
  const workspace = (
    <div className="rounded bg-white p-3 shadow-sm sm:p-4">
      <EditorPanel
        pid={problem.pid}
        gid={data.gid}
        languages={editor.languages}
        defaultLanguage={editor.defaultLanguage}
        templates={editor.templates}
        judgeOnline={editor.judgeOnline}
        signedIn
        myStatus={data.myStatus}
        refused={refused}
        example={problem.examples[0] ?? null}
        detailHref={(id) => `/group/${data.gid}/submission-detail/${id}`}
        selfTestAction={withBase(`/problem/${encodeURIComponent(problem.displayId)}/self-test?gid=${data.gid}`)}
      />
    </div>
  );
  return (
    <FocusFrame focus={data.focus} testId="group-problem-page">
      <SplitPane left={statement} right={workspace} />
    </FocusFrame>
  );
}
