import { httpStatusOf } from "~/http/status.server";
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/lib/translation";
import katexStyles from "katex/dist/katex.min.css";
import prismStyles from "prismjs/themes/prism.css";
import { AI_PANEL_ROOM, AiPanel } from "~/components/ai/AiPanel";
import { DifficultyTag } from "~/components/problem/DifficultyTag";
import { EditorPanel, type SubmitResult } from "~/components/problem/EditorPanel";
import { SplitPane } from "~/components/problem/SplitPane";
import { StatusTag } from "~/components/submission/StatusTag";
import { Pagination } from "~/components/ui/Pagination";
import { toast } from "~/components/ui/Toast";
import { withBase } from "~/lib/base-path";
import { JudgeStatus, ProblemType } from "~/lib/constants";
import { acRate, formatDateTime, formatMemoryMb, formatTimeMs, pageFrom, runFigures } from "~/lib/format";
import { displayedLimits, languageInfo } from "~/lib/languages";
import { EDITOR_EAGER_MEDIA } from "~/lib/editor-loading";
import { EDITOR_DEFAULTS } from "~/lib/problem";
import { pageTitle } from "~/lib/meta";
import { DomainError } from "~/services/errors.server";
import { flash } from "~/http/flash.server";
import { getT } from "~/services/platform/i18n.server";
import { renderMarkdownCached } from "~/services/platform/markdown.server";
import { siteRedirect } from "~/http/paths.server";
import { codeTemplates, editorLanguages, findVisibleProblem, problemCount } from "~/services/problem/problems.server";
import { userProblemStatus } from "~/services/submission/user-problem-status.server";
import { getCurrentUser } from "~/services/account/session.server";
import { listOwnSubmissions } from "~/services/submission/views.server";
import { createSubmission, submitSchema } from "~/services/submission/submissions.server";
import { getTagsByIds } from "~/services/problem/tags.server";
import { validate } from "~/services/platform/validation.server";
import { chipStyle } from "~/lib/contrast";
import { editorModuleUrls } from "~/services/platform/module-preload.server";
import { aiEnabled } from "~/services/ai/config.server";

export const handle = { i18n: ["problem", "judge", "submission", "ai"], hideFooter: true };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: withBase(katexStyles) },
  { rel: "stylesheet", href: withBase(prismStyles) },
];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageTitle(matches, data ? `${data.problem.problemId} ${data.problem.title}` : undefined),
  // The code editor's modules in one round with the page, where the editor loads with it.
  ...(data?.editorModules ?? []).map((href) => ({ tagName: "link", rel: "modulepreload", href, media: EDITOR_EAGER_MEDIA })),
];

const TABS = ["description", "mine", "annex", "statistics"] as const;
type Tab = (typeof TABS)[number];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request);
  const problem = await findVisibleProblem(params.problemId ?? "", user);
  if (!problem) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const wanted = url.searchParams.get("tab") as Tab | null;
  // The annex tab exists only for a problem with extra files: otherwise the description shows.
  const tab: Tab = wanted && TABS.includes(wanted) && (wanted !== "annex" || problem.userExtraFile?.length) ? wanted : "description";

  const [tags, editor, statusMap, mine, ai] = await Promise.all([
    getTagsByIds(problem.tags ?? []),
    editorLanguages(problem),
    user ? userProblemStatus(user._id, [problem._id]) : Promise.resolve(null),
    tab === "mine" && user ? listOwnSubmissions(user, problem._id, pageFrom(url.searchParams.get("currentPage"))) : Promise.resolve(null),
    aiEnabled(),
  ]);

  return json({
    problem: {
      pid: problem._id,
      problemId: problem.problemId,
      title: problem.title,
      author: problem.author,
      source: problem.source,
      difficulty: problem.difficulty,
      type: problem.type,
      judgeMode: problem.judgeMode,
      isFileIO: problem.isFileIO,
      ioReadFileName: problem.ioReadFileName,
      ioWriteFileName: problem.ioWriteFileName,
      stackLimit: problem.stackLimit,
      limits: displayedLimits(problem),
      html: {
        description: renderMarkdownCached(problem.description),
        input: renderMarkdownCached(problem.input),
        output: renderMarkdownCached(problem.output),
        hint: renderMarkdownCached(problem.hint),
      },
      examples: (problem.examples ?? []).map((e) => ({ input: e.input ?? "", output: e.output ?? "" })),
      tags: tags.map((tag) => ({ id: tag._id, name: tag.name, color: tag.color })),
      userExtraFiles: (problem.userExtraFile ?? []).map((f) => ({ name: f.name, content: f.content })),
      counts: problemCount(problem),
    },
    editor: { ...editor, templates: codeTemplates(problem, editor.languages) },
    editorModules: editorModuleUrls(languageInfo(editor.defaultLanguage)?.mode ?? null, EDITOR_DEFAULTS.theme),
    tab,
    mine,
    signedIn: !!user,
    myStatus: statusMap?.get(problem._id)?.status ?? null,
    focus: url.searchParams.get("focus") === "1",
    aiEnabled: ai,
    aiOpen: url.searchParams.get("ai") === "1",
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const [user, problem, t] = await Promise.all([
    getCurrentUser(request),
    getCurrentUser(request).then((u) => findVisibleProblem(params.problemId ?? "", u)),
    getT(request, ["problem", "judge", "common"]),
  ]);
  if (!problem) throw new Response("Not Found", { status: 404 });
  const form = await request.formData();
  const code = String(form.get("code") ?? "");
  const language = String(form.get("language") ?? "");
  const withJs = form.get("js") === "1";
  // A refused submission answers with the code so nothing the learner wrote is lost.
  const refuse = (errors: Record<string, string>, status: number) => json<SubmitResult>({ ok: false, errors, code, language }, { status });

  if (!user) return refuse({ _form: t("common:errors.pleaseLoginFirst") }, 401);
  const v = validate(t, submitSchema, { pid: problem._id, language, code });
  if (!v.ok) return refuse(v.errors, 400);
  let submitId: number;
  try {
    submitId = (await createSubmission(user, v.data, { ip: context?.ip }))._id;
  } catch (err) {
    if (err instanceof DomainError) return refuse({ _form: t(err.message, err.params ?? {}) }, httpStatusOf(err.kind));
    throw err;
  }
  if (withJs) return json<SubmitResult>({ ok: true, submitId });
  const cookie = await flash(request, { type: "success", key: "problem:submitted" });
  return siteRedirect(`/submission-detail/${submitId}`, { headers: { "Set-Cookie": cookie } });
}

function Section({ title, html, testId }: { title: string; html: string; testId?: string }) {
  if (!html) return null;
  return (
    <section className="mt-5" data-testid={testId}>
      <h2 className="mb-2 border-l-4 border-brand pl-2 font-semibold">{title}</h2>
      <div className="statement prose-sm break-words leading-relaxed" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  );
}

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation("problem");
  return (
    <button
      type="button"
      className="rounded border px-1.5 text-xs text-gray-600 hover:text-brand"
      onClick={() => {
        navigator.clipboard
          ?.writeText(text)
          .then(() => toast.success("problem:copied"))
          .catch(() => toast.error("problem:copyFailed"));
      }}
    >
      {t("detail.copy")}
    </button>
  );
}

export default function ProblemPage() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() ?? null;
  const { t } = useTranslation(["problem", "judge", "submission"]);
  const [sp] = useSearchParams();
  const { problem, editor, tab } = data;

  const tabHref = (next: Tab) => {
    const q = new URLSearchParams(sp);
    q.delete("currentPage");
    if (next === "description") q.delete("tab");
    else q.set("tab", next);
    const s = q.toString();
    return s ? `?${s}` : "?";
  };
  /** A page of "My Submission", keeping the rest of the address (the focus view, say). */
  const pageHref = (n: number) => {
    const q = new URLSearchParams(sp);
    q.set("tab", "mine");
    q.set("currentPage", String(n));
    return `?${q.toString()}`;
  };
  const focusHref = () => {
    const q = new URLSearchParams(sp);
    if (data.focus) q.delete("focus");
    else q.set("focus", "1");
    const s = q.toString();
    return s ? `?${s}` : "?";
  };

  const root = useRouteLoaderData("root") as { config?: { openPublicDiscussion?: boolean } } | undefined;
  const discussionsOpen = root?.config?.openPublicDiscussion === true;
  const tabs: Array<{ key: Tab; label: string }> = [
    { key: "description", label: t("detail.tabs.description") },
    { key: "mine", label: t("detail.tabs.mine") },
    ...(problem.userExtraFiles.length ? [{ key: "annex" as Tab, label: t("detail.tabs.annex") }] : []),
  ];

  const statement = (
    <div className="rounded bg-white p-3 shadow-sm sm:p-5">
      <nav className="mb-3 flex flex-wrap gap-1 border-b text-sm" aria-label={t("detail.tabsLabel")}>
        {tabs.map((x) => (
          <Link
            key={x.key}
            to={tabHref(x.key)}
            preventScrollReset
            className={`-mb-px border-b-2 px-3 py-2 ${tab === x.key ? "border-brand text-brand" : "border-transparent text-gray-600"}`}
            aria-current={tab === x.key ? "page" : undefined}
          >
            {x.label}
          </Link>
        ))}
        {discussionsOpen ? (
          <Link to={`/discussion/${encodeURIComponent(problem.problemId)}`} className="px-3 py-2 text-gray-600" data-testid="discussion-link">
            {t("detail.tabs.discussion")}
          </Link>
        ) : null}
        <Link to={tabHref("statistics")} preventScrollReset className="px-3 py-2 text-gray-600" data-testid="statistics-link">
          {t("detail.tabs.statistics")}
        </Link>
        <Link to={focusHref()} preventScrollReset className="ml-auto px-3 py-2 text-gray-600" data-testid="focus-toggle">
          {data.focus ? t("detail.exitFocus") : t("detail.focus")}
        </Link>
        <div className="self-center">
          <AiPanel problemId={problem.problemId} enabled={data.aiEnabled} signedIn={data.signedIn} initiallyOpen={data.aiOpen} />
        </div>
      </nav>

      {tab === "mine" ? (
        <MySubmissions mine={data.mine} signedIn={data.signedIn} pageHref={pageHref} />
      ) : tab === "annex" ? (
        <section data-testid="annex">
          {problem.userExtraFiles.map((f) => (
            <div key={f.name} className="mb-4">
              <h3 className="mb-1 font-mono text-sm font-semibold">{f.name}</h3>
              <pre tabIndex={0} className="max-h-96 overflow-auto rounded bg-gray-50 p-2 text-xs">{f.content}</pre>
            </div>
          ))}
        </section>
      ) : (
        <article data-testid="statement">
          {data.myStatus !== null && data.myStatus !== JudgeStatus.NOT_SUBMITTED ? (
            <p
              className={`mb-3 rounded border px-3 py-1.5 text-sm ${data.myStatus === JudgeStatus.ACCEPTED ? "border-green-300 bg-green-50 text-green-800" : "border-blue-300 bg-blue-50 text-blue-800"}`}
              role="status"
              data-testid="my-status"
              data-my-status={data.myStatus === JudgeStatus.ACCEPTED ? "solved" : "submitted"}
            >
              {data.myStatus === JudgeStatus.ACCEPTED ? t("detail.myStatus.solved") : t("detail.myStatus.submitted")}
            </p>
          ) : null}
          <h1 className="text-xl font-semibold">
            <span className="mr-2 font-mono text-gray-600">{problem.problemId}</span>
            {problem.title}
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-gray-600" data-testid="limits">
            {problem.limits.map((row) => (
              <span key={row.kind}>
                {t(`detail.timeLimit.${row.kind}`)}: {formatTimeMs(row.time)}
              </span>
            ))}
            {problem.limits.map((row) => (
              <span key={`m-${row.kind}`}>
                {t(`detail.memoryLimit.${row.kind}`)}: {formatMemoryMb(row.memory)}
              </span>
            ))}
            <span>
              {t("detail.stackLimit")}: {formatMemoryMb(problem.stackLimit)}
            </span>
            <DifficultyTag difficulty={problem.difficulty} />
            {problem.type === ProblemType.OI ? <span className="rounded bg-purple-100 px-1.5 text-purple-800">{t(`detail.problemType.${problem.type}`)}</span> : null}
            {problem.judgeMode !== "default" ? <span className="rounded bg-orange-100 px-1.5 text-orange-800">{t(`detail.judgeMode.${problem.judgeMode}`)}</span> : null}
          </div>
          {problem.isFileIO ? (
            <p className="mt-2 text-xs text-gray-600">
              {t("detail.fileIO", { input: problem.ioReadFileName, output: problem.ioWriteFileName })}
            </p>
          ) : null}
          <Section title={t("detail.description")} html={problem.html.description} testId="description" />
          <Section title={t("detail.input")} html={problem.html.input} />
          <Section title={t("detail.output")} html={problem.html.output} />
          {problem.examples.map((ex, i) => (
            <section key={i} className="mt-5 grid gap-3 sm:grid-cols-2" data-testid="example">
              <div>
                <div className="mb-1 flex items-center gap-2 text-sm font-semibold">
                  {t("detail.sampleInput", { n: i + 1 })} <CopyButton text={ex.input} />
                </div>
                <pre tabIndex={0} className="overflow-auto whitespace-pre-wrap rounded bg-gray-50 p-2 text-sm">{ex.input}</pre>
              </div>
              <div>
                <div className="mb-1 flex items-center gap-2 text-sm font-semibold">
                  {t("detail.sampleOutput", { n: i + 1 })} <CopyButton text={ex.output} />
                </div>
                <pre tabIndex={0} className="overflow-auto whitespace-pre-wrap rounded bg-gray-50 p-2 text-sm">{ex.output}</pre>
              </div>
            </section>
          ))}
          <Section title={t("detail.hint")} html={problem.html.hint} />
          {problem.source ? (
            <section className="mt-5">
              <h2 className="mb-2 border-l-4 border-brand pl-2 font-semibold">{t("detail.source")}</h2>
              <p className="text-sm">{problem.source}</p>
            </section>
          ) : null}
          {problem.tags.length ? (
            <section className="mt-5 flex flex-wrap items-center gap-1">
              <span className="mr-1 text-sm font-semibold">{t("detail.tags")}</span>
              {problem.tags.map((tag) => (
                <Link key={tag.id} to={`/problem?tagId=${tag.id}`} className="rounded px-1.5 text-xs" style={chipStyle(tag.color)}>
                  {tag.name}
                </Link>
              ))}
            </section>
          ) : null}
          {problem.author ? <p className="mt-3 text-xs text-gray-600">{t("detail.author", { author: problem.author })}</p> : null}
        </article>
      )}
    </div>
  );

  const workspace = (
    <div className="rounded bg-white p-3 shadow-sm sm:p-4">
      <EditorPanel
        pid={problem.pid}
        selfTestAction={withBase(`/problem/${encodeURIComponent(problem.problemId)}/self-test`)}
        languages={editor.languages}
        defaultLanguage={editor.defaultLanguage}
        templates={editor.templates}
        judgeOnline={editor.judgeOnline}
        signedIn={data.signedIn}
        myStatus={data.myStatus}
        refused={refused}
        example={problem.examples[0] ?? null}
      />
    </div>
  );

  return (
    <div className={`${data.focus ? "fixed inset-0 z-50 overflow-auto bg-[#eff3f5] p-2" : "mx-auto max-w-[1600px] p-2 sm:p-4"} ${AI_PANEL_ROOM}`} data-testid="problem-page">
      <SplitPane left={statement} right={workspace} />
      {tab === "statistics" ? <Statistics counts={problem.counts} closeHref={tabHref("description")} /> : null}
    </div>
  );
}

function MySubmissions({
  mine,
  signedIn,
  pageHref,
}: {
  mine: ReturnType<typeof useLoaderData<typeof loader>>["mine"];
  signedIn: boolean;
  pageHref: (n: number) => string;
}) {
  const { t } = useTranslation(["problem", "submission"]);
  if (!signedIn || !mine) return <p className="py-6 text-center text-sm text-gray-600">{t("problem:detail.loginToSeeMine")}</p>;
  return (
    <section data-testid="my-submissions">
      <table className="w-full text-left text-sm">
        <thead className="border-b text-xs text-gray-600">
          <tr>
            <th className="py-2">{t("submission:columns.submitTime")}</th>
            <th className="py-2">{t("submission:columns.status")}</th>
            <th className="py-2">{t("submission:columns.time")}</th>
            <th className="py-2">{t("submission:columns.memory")}</th>
            <th className="py-2">{t("submission:columns.language")}</th>
          </tr>
        </thead>
        <tbody>
          {mine.records.length === 0 ? (
            <tr>
              <td colSpan={5} className="py-6 text-center text-gray-600">
                {t("submission:empty")}
              </td>
            </tr>
          ) : null}
          {mine.records.map((s) => (
            <tr key={s.submitId} className="border-b last:border-0">
              <td className="py-2">
                <Link to={`/submission-detail/${s.submitId}`}>
                  <time dateTime={String(s.submitTime)} suppressHydrationWarning>
                    {formatDateTime(s.submitTime)}
                  </time>
                </Link>
              </td>
              <td className="py-2">
                <Link to={`/submission-detail/${s.submitId}`}>
                  <StatusTag status={s.status} />
                </Link>
              </td>
              <td className="py-2">{runFigures(s).time}</td>
              <td className="py-2">{runFigures(s).memory}</td>
              <td className="py-2">{s.language}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination total={mine.total} size={mine.size} current={mine.current} href={pageHref} />
    </section>
  );
}

const COUNT_ROWS: Array<{ key: "ac" | "wa" | "tle" | "mle" | "re" | "pe" | "ce" | "se" | "pa"; status: number }> = [
  { key: "ac", status: JudgeStatus.ACCEPTED },
  { key: "wa", status: JudgeStatus.WRONG_ANSWER },
  { key: "tle", status: JudgeStatus.TIME_LIMIT_EXCEEDED },
  { key: "mle", status: JudgeStatus.MEMORY_LIMIT_EXCEEDED },
  { key: "re", status: JudgeStatus.RUNTIME_ERROR },
  { key: "pe", status: JudgeStatus.PRESENTATION_ERROR },
  { key: "ce", status: JudgeStatus.COMPILE_ERROR },
  { key: "se", status: JudgeStatus.SYSTEM_ERROR },
  { key: "pa", status: JudgeStatus.PARTIAL_ACCEPTED },
];

/** The statistics dialog: verdict distribution from the problem's counters (a link closes it). */
function Statistics({ counts, closeHref }: { counts: Record<string, number>; closeHref: string }) {
  const { t } = useTranslation(["problem", "judge"]);
  const total = counts.total ?? 0;
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-black/40 p-2" role="dialog" aria-modal="true" aria-labelledby="stats-title" data-testid="statistics">
      <div className="w-full rounded bg-white p-4 shadow-xl sm:w-[70%] md:max-w-xl">
        <div className="mb-3 flex items-center justify-between">
          <h2 id="stats-title" className="font-semibold">
            {t("problem:detail.statistics.title")}
          </h2>
          <Link to={closeHref} preventScrollReset className="rounded border px-2 text-sm" aria-label={t("problem:detail.statistics.close")}>
            ×
          </Link>
        </div>
        <p className="mb-2 text-sm">
          {t("problem:detail.statistics.summary", { total, ac: counts.ac ?? 0, rate: acRate(counts.ac ?? 0, total, 2) })}
        </p>
        <ul className="space-y-1">
          {COUNT_ROWS.map((row) => {
            const n = counts[row.key] ?? 0;
            const pct = total ? (n / total) * 100 : 0;
            return (
              <li key={row.key} className="flex items-center gap-2 text-sm">
                <span className="w-40 shrink-0">
                  <StatusTag status={row.status} />
                </span>
                <span className="h-2 flex-1 rounded bg-gray-100">
                  <span className="block h-2 rounded bg-brand" style={{ width: `${pct}%` }} />
                </span>
                <span className="w-24 text-right tabular-nums">
                  {n} ({acRate(n, total, 2)})
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
