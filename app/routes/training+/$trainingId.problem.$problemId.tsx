import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import katexStyles from "katex/dist/katex.min.css";
import prismStyles from "prismjs/themes/prism.css";
import { EditorPanel, type SubmitResult } from "~/components/problem/EditorPanel";
import { FocusFrame } from "~/components/problem/FocusFrame";
import { ProblemStatement } from "~/components/problem/ProblemStatement";
import { SplitPane } from "~/components/problem/SplitPane";
import { withBase } from "~/lib/base-path";
import { useTranslation } from "~/lib/translation";
import { trainingPageBase, trainingPageRefusal } from "~/http/training-page.server";
import { flash } from "~/http/flash.server";
import { siteRedirect } from "~/http/paths.server";
import { statementData } from "~/http/problem-statement.server";
import { httpStatusOf } from "~/http/status.server";
import { trainingProblemDetail, trainingProblemRows } from "~/services/training/problems.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { validate } from "~/services/platform/validation.server";
import { codeTemplates, editorLanguages } from "~/services/problem/problems.server";
import { createSubmission, submitSchema } from "~/services/submission/submissions.server";

// A problem inside a training (spec section 2, /training/{id}/problem/{problemId}; a group's
// training's at /group/{gid}/training/{id}/problem/{problemId}, which re-exports this module): the
// statement and the problem page's editor submitting with the training's id (the same submit path;
// the policy's training scope decides). Focus mode (?focus=1) fills the screen with a strip of the
// training's problems at the bottom.

export const handle = { i18n: ["training", "problem", "judge", "submission"], hideFooter: true };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: withBase(katexStyles) },
  { rel: "stylesheet", href: withBase(prismStyles) },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const base = await trainingPageBase(request, params);
  let detail: Awaited<ReturnType<typeof trainingProblemDetail>>;
  let strip: Awaited<ReturnType<typeof trainingProblemRows>>;
  try {
    detail = await trainingProblemDetail(base.ts, params.problemId ?? "");
    strip = await trainingProblemRows(base.tid, base.user);
  } catch (err) {
    throw trainingPageRefusal(err);
  }
  const { problem } = detail;
  const editor = await editorLanguages(problem);
  const url = new URL(request.url);
  return json({
    base: base.base,
    inGroup: base.detail.training.gid != null,
    gid: base.detail.training.gid ?? null,
    problem: { pid: problem._id, displayId: problem.problemId, title: problem.title, ...statementData(problem) },
    editor: { ...editor, templates: codeTemplates(problem, editor.languages) },
    myStatus: strip.find((r) => r.pid === problem._id)?.myStatus ?? null,
    strip: strip.map((r) => ({ displayId: r.problemId, myStatus: r.myStatus })),
    focus: url.searchParams.get("focus") === "1",
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const base = await trainingPageBase(request, params);
  const t = await getT(request, ["training", "problem", "judge", "common"]);
  let pid: number;
  try {
    pid = (await trainingProblemDetail(base.ts, params.problemId ?? "")).problem._id;
  } catch (err) {
    throw trainingPageRefusal(err);
  }
  const form = await request.formData();
  const code = String(form.get("code") ?? "");
  const language = String(form.get("language") ?? "");
  const refuse = (errors: Record<string, string>, status: number) => json<SubmitResult>({ ok: false, errors, code, language }, { status });
  const v = validate(t, submitSchema, { pid, language, code, tid: base.tid });
  if (!v.ok) return refuse(v.errors, 400);
  let submitId: number;
  try {
    submitId = (await createSubmission(base.user, v.data, { ip: context?.ip }))._id;
  } catch (err) {
    if (err instanceof DomainError) return refuse({ _form: t(err.message, err.params ?? {}) }, httpStatusOf(err.kind));
    throw err;
  }
  if (form.get("js") === "1") return json<SubmitResult>({ ok: true, submitId });
  const cookie = await flash(request, { type: "success", key: "problem:submitted" });
  return siteRedirect(`${base.base}/submissions?onlyMine=true`, { headers: { "Set-Cookie": cookie } });
}

export default function TrainingProblemPage() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() ?? null;
  const { t } = useTranslation(["training", "problem"]);
  const { problem, editor } = data;
  const href = (displayId: string) => `${data.base}/problem/${encodeURIComponent(displayId)}`;
  const here = href(problem.displayId);
  // Inside its group's frame the group's name is the page's first heading.
  const Heading = data.inGroup ? "h2" : "h1";
  const statement = (
    <article className="rounded bg-white p-3 shadow-sm sm:p-5" data-testid="training-statement">
      <div className="mb-2 flex items-center justify-between gap-2">
        <Heading className="text-xl font-semibold">
          <span className="mr-2 inline-flex items-center gap-1 font-mono text-gray-700">{problem.displayId}</span>
          {problem.title}
        </Heading>
        <Link to={data.focus ? here : `${here}?focus=1`} className="text-sm text-blue-700 hover:underline" data-testid="focus-toggle">
          {data.focus ? t("problem:detail.exitFocus") : t("problem:detail.focus")}
        </Link>
      </div>
      <ProblemStatement problem={problem} />
    </article>
  );
  const workspace = (
    <div className="rounded bg-white p-3 shadow-sm sm:p-4">
      <EditorPanel
        pid={problem.pid}
        languages={editor.languages}
        defaultLanguage={editor.defaultLanguage}
        templates={editor.templates}
        judgeOnline={editor.judgeOnline}
        signedIn
        myStatus={data.myStatus}
        refused={refused}
        example={problem.examples[0] ?? null}
        detailHref={data.gid != null ? (id) => `/group/${data.gid}/submission-detail/${id}` : undefined}
      />
    </div>
  );
  const strip = {
    label: t("training:focus.strip"),
    problems: data.strip,
    current: problem.displayId,
    href: (displayId: string) => `${href(displayId)}?focus=1`,
    back: { to: `${data.base}/problems`, label: t("training:focus.back") },
  };
  return (
    <FocusFrame focus={data.focus} strip={strip} testId="training-problem-page">
      <SplitPane left={statement} right={workspace} />
    </FocusFrame>
  );
}
