import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import katexStyles from "katex/dist/katex.min.css";
import prismStyles from "prismjs/themes/prism.css";
import { EditorPanel, type SubmitResult } from "~/components/problem/EditorPanel";
import { SplitPane } from "~/components/problem/SplitPane";
import { withBase } from "~/lib/base-path";
import { JudgeStatus } from "~/lib/constants";
import { formatMemoryMb, formatTimeMs } from "~/lib/format";
import { displayedLimits } from "~/lib/languages";
import { useTranslation } from "~/lib/translation";
import { trainingPageBase, trainingPageRefusal } from "~/http/training-page.server";
import { flash } from "~/http/flash.server";
import { siteRedirect } from "~/http/paths.server";
import { httpStatusOf } from "~/http/status.server";
import { trainingProblemDetail, trainingProblemRows } from "~/services/training/problems.server";
import { DomainError } from "~/services/errors.server";
import { getT } from "~/services/platform/i18n.server";
import { renderMarkdownCached } from "~/services/platform/markdown.server";
import { validate } from "~/services/platform/validation.server";
import { codeTemplates, editorLanguages } from "~/services/problem/problems.server";
import { createSubmission, submitSchema } from "~/services/submission/submissions.server";

// A problem inside a training (spec section 2, /training/{id}/problem/{problemId}): the statement
// and the problem page's editor submitting with the training's id (the same submit path; the
// policy's training scope decides). Focus mode (?focus=1) fills the screen with a strip of the
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
    detail = await trainingProblemDetail(base.user, base.tid, params.problemId ?? "");
    strip = await trainingProblemRows(base.tid, base.user);
  } catch (err) {
    throw trainingPageRefusal(err);
  }
  const { problem } = detail;
  const editor = await editorLanguages(problem);
  const url = new URL(request.url);
  return json({
    tid: base.tid,
    problem: {
      pid: problem._id,
      displayId: problem.problemId,
      title: problem.title,
      limits: displayedLimits(problem),
      stackLimit: problem.stackLimit,
      html: {
        description: renderMarkdownCached(problem.description),
        input: renderMarkdownCached(problem.input),
        output: renderMarkdownCached(problem.output),
        hint: renderMarkdownCached(problem.hint),
      },
      examples: (problem.examples ?? []).map((e) => ({ input: e.input ?? "", output: e.output ?? "" })),
    },
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
    pid = (await trainingProblemDetail(base.user, base.tid, params.problemId ?? "")).problem._id;
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
  return siteRedirect(`/training/${base.tid}/submissions?onlyMine=true`, { headers: { "Set-Cookie": cookie } });
}

function Part({ title, html }: { title: string; html: string }) {
  if (!html) return null;
  return (
    <section className="mt-5">
      <h2 className="mb-2 border-l-4 border-blue-700 pl-2 font-semibold">{title}</h2>
      <div className="statement prose-sm break-words leading-relaxed" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

export default function TrainingProblemPage() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() ?? null;
  const { t } = useTranslation(["training", "problem"]);
  const { problem, editor } = data;
  const here = `/training/${data.tid}/problem/${encodeURIComponent(problem.displayId)}`;
  const statement = (
    <article className="rounded bg-white p-3 shadow-sm sm:p-5" data-testid="training-statement">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">
          <span className="mr-2 inline-flex items-center gap-1 font-mono text-gray-700">
            {problem.displayId}
          </span>
          {problem.title}
        </h1>
        <Link to={data.focus ? here : `${here}?focus=1`} className="text-sm text-blue-700 hover:underline" data-testid="focus-toggle">
          {data.focus ? t("problem:detail.exitFocus") : t("problem:detail.focus")}
        </Link>
      </div>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-gray-700">
        {problem.limits.map((row) => (
          <span key={row.kind}>
            {t(`problem:detail.timeLimit.${row.kind}`)}: {formatTimeMs(row.time)} · {t(`problem:detail.memoryLimit.${row.kind}`)}: {formatMemoryMb(row.memory)}
          </span>
        ))}
        <span>
          {t("problem:detail.stackLimit")}: {formatMemoryMb(problem.stackLimit)}
        </span>
      </div>
      <Part title={t("problem:detail.description")} html={problem.html.description} />
      <Part title={t("problem:detail.input")} html={problem.html.input} />
      <Part title={t("problem:detail.output")} html={problem.html.output} />
      {problem.examples.map((ex, i) => (
        <section key={i} className="mt-5 grid gap-3 sm:grid-cols-2">
          <div>
            <div className="mb-1 text-sm font-semibold">{t("problem:detail.sampleInput", { n: i + 1 })}</div>
            <pre className="overflow-auto whitespace-pre-wrap rounded bg-gray-50 p-2 text-sm focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>{ex.input}</pre>
          </div>
          <div>
            <div className="mb-1 text-sm font-semibold">{t("problem:detail.sampleOutput", { n: i + 1 })}</div>
            <pre className="overflow-auto whitespace-pre-wrap rounded bg-gray-50 p-2 text-sm focus:outline focus:outline-2 focus:outline-brand" tabIndex={0}>{ex.output}</pre>
          </div>
        </section>
      ))}
      <Part title={t("problem:detail.hint")} html={problem.html.hint} />
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
      />
    </div>
  );
  return (
    <div className={data.focus ? "fixed inset-0 z-50 flex flex-col bg-[#eff3f5]" : ""} data-testid="training-problem-page">
      <div className={data.focus ? "flex-1 overflow-auto p-2" : ""}>
        <SplitPane left={statement} right={workspace} />
      </div>
      {data.focus ? (
        <nav aria-label={t("training:focus.strip")} className="flex flex-wrap gap-1 border-t bg-white p-2" data-testid="focus-strip">
          {data.strip.map((p) => {
            const current = p.displayId === problem.displayId;
            const state = p.myStatus === JudgeStatus.ACCEPTED ? "border-green-700 text-green-800" : p.myStatus === JudgeStatus.NOT_SUBMITTED ? "border-gray-400 text-gray-800" : "border-red-700 text-red-800";
            return (
              <Link
                key={p.displayId}
                to={`/training/${data.tid}/problem/${encodeURIComponent(p.displayId)}?focus=1`}
                aria-current={current ? "page" : undefined}
                className={`rounded border-2 px-3 py-1 text-sm font-medium ${state} ${current ? "bg-sky-100" : "bg-white"}`}
              >
                {p.displayId}
              </Link>
            );
          })}
          <Link to={`/training/${data.tid}/problems`} className="ml-auto rounded border px-3 py-1 text-sm text-gray-800">
            {t("training:focus.back")}
          </Link>
        </nav>
      ) : null}
    </div>
  );
}
